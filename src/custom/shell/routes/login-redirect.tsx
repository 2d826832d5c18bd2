// The guard's answer for a path without a session (000 section 2 "Access rules"): the login
// page, with the full path the visitor asked for as its `redirect` query.
import { Navigate, useLocation } from 'react-router';
import { loginUrlFor } from './redirect-target';

export function LoginRedirect() {
  const { pathname, search, hash } = useLocation();
  return <Navigate to={loginUrlFor(`${pathname}${search}${hash}`)} replace />;
}
