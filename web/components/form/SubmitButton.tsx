import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { Loader2 } from 'lucide-react';
import { Button } from '../ui/Button.tsx';

/** A form's full-width submit button; while busy it is disabled and reads 'Please wait...' (spec section 2). */
export function SubmitButton({
  busy,
  busyLabel,
  children,
}: {
  busy: boolean;
  busyLabel?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Button type="submit" size="block" disabled={busy} aria-busy={busy || undefined}>
      {busy && <Loader2 aria-hidden className="motion-safe:animate-spin" />}
      {busy ? (busyLabel ?? <Trans>Please wait...</Trans>) : children}
    </Button>
  );
}
