// Where the login guard sends a visitor without a token, and where the login sends them back
// (000 section 2 "Access rules"): the original full path rides in the `redirect` query. Only a
// path of this site is followed back, never another origin (no open redirect).

export const LOGIN_PATH = '/login';

/** The language query some links carry (`?lang=zh`); it must survive the trip through the login. */
const LANG_PARAM = 'lang';

const hasControlCharacter = (text: string) => [...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/**
 * The path to go to after login, or '/' when `redirect` is missing or not a path of this origin:
 * absolute and protocol-relative URLs, backslash tricks and control characters are refused, and
 * so is the login page itself (a loop).
 */
export function safeRedirect(redirect: string | null | undefined, origin: string = window.location.origin): string {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//') || redirect.includes('\\') || hasControlCharacter(redirect)) return '/';
  let url: URL;
  try {
    url = new URL(redirect, origin);
  } catch {
    return '/';
  }
  if (url.origin !== origin || url.pathname === LOGIN_PATH) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The login URL for a visitor who asked for `fullPath`: the path as `redirect` (left out for the
 * root, where the login goes anyway), and the path's `lang`, so that a reload of the login page
 * keeps its language.
 */
export function loginUrlFor(fullPath: string): string {
  const params = new URLSearchParams();
  if (fullPath !== '/' && fullPath !== '') params.set('redirect', fullPath);
  const lang = new URLSearchParams(fullPath.split('?')[1]?.split('#')[0] ?? '').get(LANG_PARAM);
  if (lang) params.set(LANG_PARAM, lang);
  const query = params.toString();
  return query ? `${LOGIN_PATH}?${query}` : LOGIN_PATH;
}

/**
 * Where the login page sends the user once logged in: its `redirect`, sanitised, keeping the
 * login page's own `lang` when the target does not name one.
 */
export function afterLoginTarget(loginSearch: string, origin: string = window.location.origin): string {
  const params = new URLSearchParams(loginSearch);
  const target = safeRedirect(params.get('redirect'), origin);
  const lang = params.get(LANG_PARAM);
  if (!lang) return target;
  const url = new URL(target, origin);
  if (!url.searchParams.has(LANG_PARAM)) url.searchParams.set(LANG_PARAM, lang);
  return `${url.pathname}${url.search}${url.hash}`;
}
