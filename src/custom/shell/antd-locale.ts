import { useTranslation } from 'react-i18next';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';

/** antd's own texts (pagination, pickers, empty states) in the UI language. */
export function useAntdLocale() {
  const { i18n } = useTranslation();
  return i18n.language === 'zh-CN' ? zhCN : enUS;
}
