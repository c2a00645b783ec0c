import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { Loader2 } from 'lucide-react';
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

/** A form's submit button; while busy it is disabled and reads 'Please wait...' (spec section 2). */
export function SubmitButton({
  busy,
  busyLabel,
  disabled = false,
  block = true,
  variant,
  children,
}: SubmitButtonProps) {
  return (
    <Button
      type="submit"
      variant={variant}
      size={block ? 'block' : 'md'}
      disabled={busy || disabled}
      aria-busy={busy || undefined}
    >
      {busy && <Loader2 aria-hidden className="motion-safe:animate-spin" />}
      {busy ? (busyLabel ?? <Trans>Please wait...</Trans>) : children}
    </Button>
  );
}
