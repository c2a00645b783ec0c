import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { Logo } from '../Logo.tsx';
import { SidebarNav } from './SidebarNav.tsx';

const COLLAPSED_STORAGE_KEY = 'sidebar-collapsed';

function readCollapsed(): boolean {
  try {
    return localStorage.getItem(COLLAPSED_STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

function storeCollapsed(collapsed: boolean): void {
  try {
    localStorage.setItem(COLLAPSED_STORAGE_KEY, String(collapsed));
  } catch {
    // Forgetting the preference is harmless.
  }
}

/** The sidebar from md up; it collapses to icons only and remembers that on this device. */
export function DesktopSidebar() {
  const { t } = useLingui();
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const toggle = () => {
    setCollapsed(!collapsed);
    storeCollapsed(!collapsed);
  };
  const ToggleIcon = collapsed ? PanelLeftOpen : PanelLeftClose;
  return (
    <aside
      id="dashboard-sidebar"
      className={cn(
        'sticky top-0 hidden h-dvh shrink-0 flex-col gap-6 overflow-y-auto border-r border-slate-200 bg-white p-3 transition-[width] md:flex',
        collapsed ? 'w-[4.5rem]' : 'w-64',
      )}
    >
      <div className={cn('flex items-center gap-2', collapsed ? 'flex-col' : 'justify-between pl-2')}>
        <Logo showName={!collapsed} />
        <button
          type="button"
          onClick={toggle}
          aria-expanded={!collapsed}
          aria-controls="dashboard-sidebar"
          aria-label={t`Sidebar`}
          title={collapsed ? t`Expand sidebar` : t`Collapse sidebar`}
          className="inline-flex size-10 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-ink"
        >
          <ToggleIcon aria-hidden className="size-5" />
        </button>
      </div>
      <SidebarNav collapsed={collapsed} />
    </aside>
  );
}
