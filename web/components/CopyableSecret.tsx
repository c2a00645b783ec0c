import { useState, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Copy } from 'lucide-react';
import { FieldShell } from './form/FieldShell.tsx';
import { Button } from './ui/Button.tsx';
import { DialogClose } from './ui/Dialog.tsx';
import { Input } from './ui/Input.tsx';
import { useCopyToClipboard } from '../lib/use-copy-to-clipboard.ts';

/**
 * A secret in a dialog (a new API key, a webhook's signing secret): a read-only field that selects itself,
 * a Copy button that says beside it whether the copy worked (or selects the field to copy by hand), and
 * Done, which closes the dialog. While `secret` is null (still loading) `pending` takes the field's place
 * and Copy waits.
 */
export function CopyableSecret({
  label,
  secret,
  pending,
  copyLabel,
  copyFailed,
  children,
}: {
  label: ReactNode;
  secret: string | null;
  pending?: ReactNode;
  copyLabel: ReactNode;
  /** Said when the clipboard refused: the field is selected instead. */
  copyFailed: string;
  /** What comes before the field (a warning). */
  children?: ReactNode;
}) {
  const { t } = useLingui();
  const { copy, fallbackRef } = useCopyToClipboard();
  const [copied, setCopied] = useState<boolean | null>(null);

  return (
    <div className="space-y-4">
      {children}
      {secret === null ? (
        pending
      ) : (
        <FieldShell label={label}>
          {(control) => (
            <Input
              {...control}
              ref={fallbackRef}
              readOnly
              value={secret}
              onFocus={(event) => event.currentTarget.select()}
              className="font-mono text-sm"
            />
          )}
        </FieldShell>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end">
        <p role="status" className="text-sm text-slate-700 sm:mr-auto">
          {copied === true && t`Copied`}
          {copied === false && copyFailed}
        </p>
        <Button
          variant="secondary"
          disabled={secret === null}
          onClick={() => secret !== null && void copy(secret).then(setCopied)}
        >
          <Copy aria-hidden />
          {copyLabel}
        </Button>
        <DialogClose asChild>
          <Button>
            <Trans>Done</Trans>
          </Button>
        </DialogClose>
      </div>
    </div>
  );
}
