import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { trpcErrorMessage } from '../lib/error-messages.ts';
import { Notice } from './Notice.tsx';
import { Button } from './ui/Button.tsx';

interface QueryStatusProps {
  /** The failure of the query; nothing while it loads. */
  error: unknown;
  /** The text of the failure, when it is not a tRPC error. */
  message?: MessageDescriptor | undefined;
  onRetry: () => void;
}

/** What a page or card shows while its data loads, or when loading failed (with a retry). */
export function QueryStatus({ error, message, onRetry }: QueryStatusProps) {
  const { i18n } = useLingui();
  if (!error) {
    return (
      <p role="status" className="py-6 text-center text-slate-700">
        <Trans>Loading...</Trans>
      </p>
    );
  }
  return (
    <Notice title={<Trans>This could not be loaded</Trans>}>
      <p>{i18n._(message ?? trpcErrorMessage(error))}</p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        <Trans>Try again</Trans>
      </Button>
    </Notice>
  );
}
