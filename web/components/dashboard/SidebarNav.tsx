import { Link, useLocation } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { LogOut } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { isNavItemActive } from '../../lib/nav.ts';
import { PRIMARY_NAV_ITEMS, SUPPORT_NAV_ITEM, type NavItem } from './nav-items.ts';
import { useLogout } from './use-logout.ts';

interface SidebarNavProps {
  /** Icons only; the labels stay available to screen readers and as tooltips. */
  collapsed?: boolean;
  /** Called when an item or Logout is chosen (the mobile drawer closes itself with it). */
  onItemSelect?: () => void;
}

const ITEM_CLASSES =
  'flex h-10 w-full items-center gap-3 rounded-lg px-3 text-sm font-medium transition-colors [&_svg]:size-5 [&_svg]:shrink-0';

function SidebarLink({ item, collapsed, onItemSelect }: { item: NavItem } & SidebarNavProps) {
  const { i18n } = useLingui();
  const { pathname } = useLocation();
  const active = isNavItemActive(item.path, pathname);
  const label = i18n._(item.label);
  const Icon = item.icon;
  return (
    <Link
      to={item.path}
      onClick={onItemSelect}
      aria-current={active ? 'page' : undefined}
      title={collapsed ? label : undefined}
      className={cn(
        ITEM_CLASSES,
        collapsed && 'justify-center px-0',
        active ? 'bg-brand-soft text-brand-strong' : 'text-slate-700 hover:bg-slate-100 hover:text-ink',
      )}
    >
      <Icon aria-hidden />
      <span className={cn(collapsed && 'sr-only')}>{label}</span>
    </Link>
  );
}

export function SidebarNav({ collapsed = false, onItemSelect }: SidebarNavProps) {
  const { t } = useLingui();
  const logout = useLogout();
  return (
    // the entries scroll on a short screen, Support and Logout stay in sight below them
    <nav aria-label={t`Dashboard`} className="flex min-h-0 flex-1 flex-col justify-between gap-6">
      <ul className="-m-1 min-h-0 space-y-1 overflow-y-auto p-1">
        {PRIMARY_NAV_ITEMS.map((item) => (
          <li key={item.path}>
            <SidebarLink item={item} collapsed={collapsed} onItemSelect={onItemSelect} />
          </li>
        ))}
      </ul>
      <ul className="shrink-0 space-y-1 border-t border-slate-200 pt-4">
        <li>
          <SidebarLink item={SUPPORT_NAV_ITEM} collapsed={collapsed} onItemSelect={onItemSelect} />
        </li>
        <li>
          <button
            type="button"
            onClick={() => {
              onItemSelect?.();
              void logout();
            }}
            title={collapsed ? t`Logout` : undefined}
            className={cn(
              ITEM_CLASSES,
              collapsed && 'justify-center px-0',
              'text-slate-700 hover:bg-slate-100 hover:text-ink',
            )}
          >
            <LogOut aria-hidden />
            <span className={cn(collapsed && 'sr-only')}>{t`Logout`}</span>
          </button>
        </li>
      </ul>
    </nav>
  );
}
