// The shell's fixed routes of 000 section 2 that are not pages of the menu: the refresh helper
// /redirect/<path>, the 404 and 401 pages, and unknown paths sent to /404.
import { Navigate, Route, useLocation, useParams } from 'react-router';
import NotFoundPage from '@/custom/shell/not-found-page';
import { ForbiddenPage } from './forbidden-page';

export const NOT_FOUND_PATH = '/404';
export const FORBIDDEN_PATH = '/401';
export const REFRESH_PREFIX = '/redirect';

/**
 * Shows `path` anew: the view at /<path> was left for this route and mounts again on the way back.
 * Replace, so that Back does not return to the helper.
 */
function RefreshRedirect() {
  const { '*': path = '' } = useParams();
  const { search, hash } = useLocation();
  return <Navigate to={`/${path}${search}${hash}`} replace />;
}

/** Route elements for the shell's <Routes>, after the menu's pages (the last one catches the rest). */
export const fixedRoutes = [
  <Route key={REFRESH_PREFIX} path={`${REFRESH_PREFIX}/*`} element={<RefreshRedirect />} />,
  <Route key={NOT_FOUND_PATH} path={NOT_FOUND_PATH} element={<NotFoundPage />} />,
  <Route key={FORBIDDEN_PATH} path={FORBIDDEN_PATH} element={<ForbiddenPage />} />,
  <Route key="*" path="*" element={<Navigate to={NOT_FOUND_PATH} replace />} />,
];
