import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Menu } from 'lucide-react';
import { Dialog, DialogContent, DialogTitle, DialogTrigger } from '../ui/Dialog.tsx';
import { Logo } from '../Logo.tsx';
import { SidebarNav } from './SidebarNav.tsx';

/** Below md: a menu button that slides the sidebar in from the left; it closes when an item is chosen. */
export function MobileNavDrawer() {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger
        aria-label={t`Open menu`}
        className="inline-flex size-10 items-center justify-center rounded-lg text-ink hover:bg-slate-100"
      >
        <Menu aria-hidden className="size-6" />
      </DialogTrigger>
      <DialogContent
        placement="left"
        closeLabel={t`Close menu`}
        aria-describedby={undefined}
        className="flex flex-col gap-6 overflow-y-auto"
        onOpenAutoFocus={(event) => {
          // on the first entry: Radix would pick the first button, Logout, one key press from signing out
          const first =
            event.currentTarget instanceof HTMLElement && event.currentTarget.querySelector('nav a');
          if (!(first instanceof HTMLElement)) return;
          event.preventDefault();
          first.focus();
        }}
      >
        <DialogTitle className="sr-only">{t`Menu`}</DialogTitle>
        <div className="flex h-10 items-center pl-2">
          <Logo />
        </div>
        <SidebarNav onItemSelect={close} />
      </DialogContent>
    </Dialog>
  );
}
