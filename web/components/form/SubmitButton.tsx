import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { Loader2 } from 'lucide-react';
import { useConnection } from '../../lib/connection.ts';
import { Button, type ButtonVariant } from '../ui/Button.tsx';

interface SubmitButtonProps {
  busy: boolean;
  busyLabel?: ReactNode;
  /** Not ready to submit yet (for example a required pair of fields is still empty). */
  disabled?: boolean;
  /** Full width (the sign-in screens), or as wide as its label (settings cards). */
  block?: boolean;
  variant?: ButtonVariant;
  children: ReactNode;
}

/**
 * A form's submit button; while busy it is disabled and reads 'Please wait...' (spec section 2), or
 * 'Waiting for the connection…' while the save it sent is held until the browser is back online.
 */
export function SubmitButton({
  busy,
  busyLabel,
  disabled = false,
  block = true,
  variant,
  children,
}: SubmitButtonProps) {
  const waiting = useConnection().waitingSaves > 0;
  return (
    <Button
      type="submit"
      variant={variant}
      size={block ? 'block' : 'md'}
      disabled={busy || disabled}
      aria-busy={busy || undefined}
    >
      {busy && <Loader2 aria-hidden className="motion-safe:animate-spin" />}
      {busy && waiting ? (
        <Trans>Waiting for the connection…</Trans>
      ) : busy ? (
        (busyLabel ?? <Trans>Please wait...</Trans>)
      ) : (
        children
      )}
    </Button>
  );
}
