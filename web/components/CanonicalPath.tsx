import { Navigate, Outlet, useLocation } from 'react-router';
import { canonicalAppPath } from '#src/routes.ts';

/**
 * App paths are lowercase: one typed in another case (/Login, /DASHBOARD/Account) is replaced by its
 * lowercase form, as the server's redirect does for a page loaded from the address bar.
 */
export function CanonicalPath() {
  const { pathname, search, hash } = useLocation();
  const canonical = canonicalAppPath(pathname);
  if (canonical) return <Navigate to={`${canonical}${search}${hash}`} replace />;
  return <Outlet />;
}
