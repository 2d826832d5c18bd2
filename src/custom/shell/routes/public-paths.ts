// The paths that need no login (000 section 2 "Access rules"); every other path is behind the guard.
export const PUBLIC_PATHS = ['/login', '/quick-login', '/bind', '/demo', '/register', '/forgetPsd', '/agreement', '/authorize', '/security-policy'] as const;

export const isPublicPath = (pathname: string) => (PUBLIC_PATHS as readonly string[]).includes(pathname.replace(/\/+$/, '') || '/');
