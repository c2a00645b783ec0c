import { paths } from '#src/routes.ts';

/** `path` without its trailing slashes; '/' stays as it is. */
export function withoutTrailingSlash(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/**
 * Whether a dashboard navigation item is the current page (spec section 2, dashboard layout): the analytics
 * home matches exactly, so it is not lit on every dashboard page; the others also match their sub-pages.
 */
export function isNavItemActive(itemPath: string, pathname: string): boolean {
  const item = withoutTrailingSlash(itemPath);
  const current = withoutTrailingSlash(pathname);
  if (item === paths.dashboard) return current === item;
  return current === item || current.startsWith(`${item}/`);
}
