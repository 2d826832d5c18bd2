import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
// The ES modules: the package's `antd/locale/*` entries are CommonJS re-exports, whose default
// import the build resolved to an object without the component texts (antd fell back to English).
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';

/** antd's own texts (pagination, pickers, empty states) and the pickers' calendar in the UI language. */
export function useAntdLocale() {
  const { i18n } = useTranslation();
  const zh = i18n.language === 'zh-CN';
  dayjs.locale(zh ? 'zh-cn' : 'en');
  return zh ? zhCN : enUS;
}
