// Every antd icon by name, in a chunk of its own that loads only when a menu names an icon the
// shell does not bundle (descriptors may name any of antd's set: server/resources/descriptors.ts).
import * as icons from '@ant-design/icons';
import { AppstoreOutlined } from '@ant-design/icons';

export default function AnyIcon({ name }: { name: string }) {
  const Icon = (icons as unknown as Record<string, React.ComponentType | undefined>)[name];
  return Icon && /^[A-Z]\w*(Outlined|Filled|TwoTone)$/.test(name) ? <Icon /> : <AppstoreOutlined />;
}
