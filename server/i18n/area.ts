/** One area's server messages: the same keys in every language. */
export interface AreaMessages {
  en: Record<string, string>;
  'zh-CN': Record<string, string>;
}
