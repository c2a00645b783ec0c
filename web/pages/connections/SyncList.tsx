import { useLingui as useLinguiRuntime } from '@lingui/react';
import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { CrmErrorKind } from '#src/crm.ts';
import { formatDateTime } from '../../lib/format.ts';
import type { RouterOutputs } from '../../lib/trpc.ts';

export type CrmConnection = RouterOutputs['crm']['list']['connections'][number];
type CrmSync = CrmConnection['syncs'][number];

/** Why a try failed, as the page says it (the CRM's own words follow). */
export const ERROR_KIND_TEXT: Record<CrmErrorKind, MessageDescriptor> = {
  refused: msg`The CRM refused it`,
  rate_limited: msg`The CRM asked to wait`,
  unavailable: msg`The CRM could not be reached`,
  reconnect: msg`The CRM no longer accepts the connection`,
};

function SyncState({ sync }: { sync: CrmSync }) {
  const { i18n } = useLinguiRuntime();
  if (sync.status === 'synced') {
    return (
      <span className="rounded bg-green-50 px-1.5 py-0.5 text-green-800">
        {sync.recordCreated ? (
          <Trans>Sent: new record</Trans>
        ) : (
          <Trans>Sent: completed an existing record</Trans>
        )}
      </span>
    );
  }
  if (sync.status === 'pending') {
    const next = sync.nextAttemptAt ? formatDateTime(sync.nextAttemptAt, i18n.locale) : null;
    return (
      <span className="rounded bg-amber-50 px-1.5 py-0.5 text-amber-900">
        {next ? <Trans>Waiting: next try {next}</Trans> : <Trans>Waiting</Trans>}
      </span>
    );
  }
  return (
    <span className="rounded bg-red-50 px-1.5 py-0.5 text-red-800">
      <Trans>Failed</Trans>
    </span>
  );
}

/** The newest leads sent to the connection's CRM, each with how it went and, when it failed, why. */
export function SyncList({ syncs }: { syncs: readonly CrmSync[] }) {
  const { i18n } = useLinguiRuntime();
  if (syncs.length === 0) {
    return (
      <p className="text-sm text-slate-700">
        <Trans>No leads sent yet. Each new lead of your cards is sent here.</Trans>
      </p>
    );
  }
  return (
    <ul className="divide-y divide-slate-200 text-sm">
      {syncs.map((sync) => {
        const who = sync.leadName ?? sync.leadEmail ?? '—';
        const when = formatDateTime(sync.createdAt, i18n.locale);
        const attempts = sync.attempts;
        return (
          <li key={sync.id} className="space-y-1 py-3">
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <span className="font-medium break-all text-ink">{who}</span>
              {sync.leadName && sync.leadEmail && (
                <span className="break-all text-slate-700">{sync.leadEmail}</span>
              )}
              <SyncState sync={sync} />
            </p>
            <p className="text-slate-700">
              <Trans>
                Left {when}; tries: {attempts}
              </Trans>
            </p>
            {sync.errorKind && sync.status !== 'synced' && (
              <p className="text-red-800">
                {i18n._(ERROR_KIND_TEXT[sync.errorKind])}
                {sync.lastError && (
                  <>
                    {': '}
                    <q className="break-words">{sync.lastError}</q>
                  </>
                )}
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}
