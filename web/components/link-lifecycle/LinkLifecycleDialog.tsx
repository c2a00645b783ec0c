import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { CalendarClock } from 'lucide-react';
import { Button } from '../ui/Button.tsx';
import { Dialog, DialogTrigger } from '../ui/Dialog.tsx';
import { FormDialog } from '../ui/FormDialog.tsx';
import { LinkLifecycleForm } from './LinkLifecycleForm.tsx';
import type { LifecycleLink } from './types.ts';

/**
 * 'Schedule and rules' of a QR code or a profile link (never a vCard's own QR code): when its short link
 * leads on, how many times, where it sends visitors otherwise, and where it sends some devices and
 * languages. `iconOnly`: a row with no room for words (the links list), where the button is an icon named
 * for the link.
 */
export function LinkLifecycleDialog({ link, iconOnly = false }: { link: LifecycleLink; iconOnly?: boolean }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const { title } = link;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        {iconOnly ? (
          <Button
            variant="ghost"
            size="icon"
            aria-label={t`Schedule and rules of ${title}`}
            className="size-11"
          >
            <CalendarClock aria-hidden />
          </Button>
        ) : (
          <Button variant="ghost" size="sm">
            <CalendarClock aria-hidden />
            <Trans>Schedule and rules</Trans>
          </Button>
        )}
      </DialogTrigger>
      {open && (
        <FormDialog
          layout="roomy"
          title={<Trans>Schedule and rules</Trans>}
          description={
            <Trans>
              When “{title}” leads to its destination, how many times, and where it sends visitors otherwise.
              Its short link stays the same.
            </Trans>
          }
        >
          <LinkLifecycleForm link={link} onSaved={() => setOpen(false)} />
        </FormDialog>
      )}
    </Dialog>
  );
}
