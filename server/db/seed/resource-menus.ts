// Menu entries of the generated screens, from the `menu` of each resource descriptor
// (schemas/resources/), with a permission-only entry per button its permissions name. A broken
// descriptor stops the start with the checker's messages (server/resources/descriptors.ts).
import { DescriptorError, loadDescriptors, ROOT, type Descriptor } from '../../resources/descriptors.ts';
import { buttons, menuSeeds, type MenuSeed } from './menus.ts';

/** Icons the web app draws itself beside antd's (src/custom/shell/menu-icon.tsx). */
export const PROJECT_ICONS = ['BatteryOutlined'];

const BUTTON_ACTIONS = ['create', 'edit', 'delete', 'export'] as const;

function entriesOf(d: Descriptor): MenuSeed[] {
  const m = d.menu!;
  const entry: MenuSeed = {
    name: m.name, type: 'C', path: m.path, component: `resource:${d.name}`, titleKey: m.title ?? `${d.name}.titles.list`,
    sort: m.sort ?? 0, hidden: m.hidden ?? false,
    ...(m.parent ? { parent: m.parent } : {}), ...(m.icon ? { icon: m.icon } : {}),
    ...((m.permission ?? d.permissions.list) ? { permission: m.permission ?? d.permissions.list } : {}),
  };
  const own = buttons(m.name, BUTTON_ACTIONS.filter((a) => d.permissions[a]).map((a) => [a, d.permissions[a]!]));
  const actions = (d.actions ?? []).map((a, i): MenuSeed => ({
    name: `${m.name}:${a.name}`, parent: m.name, type: 'F', path: '', titleKey: `${d.name}.actions.${a.name}`, permission: a.permission, sort: own.length + i + 1,
  }));
  return [entry, ...own, ...actions];
}

export function resourceMenuSeeds(root = ROOT): MenuSeed[] {
  const { descriptors, problems } = loadDescriptors({ root, extraIcons: PROJECT_ICONS, menuNames: menuSeeds.map((m) => m.name) });
  if (problems.length) throw new DescriptorError(problems);
  return descriptors.filter(({ descriptor }) => descriptor.menu).flatMap(({ descriptor }) => entriesOf(descriptor));
}
