import { useState } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Copy, Globe, Loader2, RefreshCw, Trash2 } from 'lucide-react';
import {
  DOMAIN_CLAIM_DAYS,
  DOMAIN_LOST_GRACE_DAYS,
  type DomainCheckFailure,
  type DomainStatus,
} from '#src/domains.ts';
import type { AccountOwner } from '#src/teams.ts';
import { Button } from '../../components/ui/Button.tsx';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.tsx';
import { useConfirmedAction } from '../../components/ui/use-confirmed-action.ts';
import { cn } from '../../lib/cn.ts';
import { trpcErrorMessage } from '../../lib/error-messages.ts';
import { formatDateTime } from '../../lib/format.ts';
import { toast } from '../../lib/toast.ts';
import { trpc, type RouterOutputs } from '../../lib/trpc.ts';
import { useCopyToClipboard } from '../../lib/use-copy-to-clipboard.ts';

type DomainItem = RouterOutputs['domains']['list'][number];

const STATUS_NAMES: Record<DomainStatus, MessageDescriptor> = {
  pending: msg`Pending`,
  verified: msg`Verified`,
  lost: msg`Record lost`,
};

const STATUS_STYLES: Record<DomainStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  verified: 'bg-emerald-100 text-emerald-900',
  lost: 'bg-red-100 text-red-900',
};

export const FAILURE_TEXTS: Record<DomainCheckFailure, MessageDescriptor> = {
  record_missing: msg`No TXT record was found at this name. DNS changes can take a while to show.`,
  record_mismatch: msg`A TXT record was found, but it does not hold the value shown here.`,
  lookup_failed: msg`DNS did not answer. The check is tried again later.`,
};

/** One part of the record to add, as text that can be selected, and its Copy button. */
export function RecordValue({ label, value }: { label: string; value: string }) {
  const { t } = useLingui();
  const { copy, fallbackRef } = useCopyToClipboard<HTMLElement>();
  return (
    <div className="min-w-0 space-y-1">
      <dt className="text-xs font-semibold text-slate-700">{label}</dt>
      <dd className="flex items-start gap-2">
        <code ref={fallbackRef} className="min-w-0 flex-1 rounded bg-slate-100 px-2 py-1.5 text-sm break-all">
          {value}
        </code>
        <Button
          variant="secondary"
          size="sm"
          aria-label={t`Copy ${label}`}
          onClick={() =>
            void copy(value, {
              copied: { title: t`Copied` },
              failed: { title: t`Could not copy: select the text and copy it yourself.` },
            })
          }
        >
          <Copy aria-hidden />
        </Button>
      </dd>
    </div>
  );
}

function RemoveDomain({ owner, domain }: { owner: AccountOwner; domain: DomainItem }) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const { mutateAsync } = trpc.domains.remove.useMutation();
  const remove = useConfirmedAction({
    run: () => mutateAsync({ owner, id: domain.id }),
    failureTitle: t`Failed to remove the domain`,
    success: { title: t`Domain removed` },
    refresh: () => utils.domains.list.invalidate(),
  });
  const name = domain.domain;
  return (
    <ConfirmDialog
      trigger={
        <Button variant="removal" size="sm">
          <Trash2 aria-hidden />
          <Trans>Remove</Trans>
        </Button>
      }
      title={<Trans>Remove {name}?</Trans>}
      description={
        <Trans>
          Your cards and short links are no longer served on this domain. Addresses on it, such as printed QR
          codes, then lead to the main address instead, so they keep working.
        </Trans>
      }
      confirmLabel={<Trans>Remove domain</Trans>}
      pendingLabel={<Trans>Removing...</Trans>}
      onConfirm={remove}
    />
  );
}

function DomainRow({ owner, domain }: { owner: AccountOwner; domain: DomainItem }) {
  const { t, i18n } = useLingui();
  const utils = trpc.useUtils();
  const check = trpc.domains.check.useMutation();
  const [checking, setChecking] = useState(false);

  async function checkNow() {
    setChecking(true);
    try {
      const checked = await check.mutateAsync({ owner, id: domain.id });
      if (checked.status === 'verified') toast({ title: t`Domain verified` });
      else toast({ variant: 'destructive', title: t`The record was not found yet` });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: t`The domain was not checked`,
        description: i18n._(trpcErrorMessage(error)),
      });
    } finally {
      setChecking(false);
    }
    await utils.domains.list.invalidate();
  }

  const lastChecked = domain.lastCheckedAt ? formatDateTime(domain.lastCheckedAt, i18n.locale) : null;
  const failure = domain.lastCheckError;
  return (
    <li className="space-y-3 py-4" aria-label={domain.domain}>
      <div className="flex flex-wrap items-start gap-3">
        <Globe aria-hidden className="mt-0.5 size-5 shrink-0 text-slate-600" />
        <div className="min-w-56 flex-1 space-y-1 text-sm">
          <p className="font-medium break-all text-ink">{domain.domain}</p>
          <p>
            <span
              className={cn(
                'inline-block rounded-full px-2 py-0.5 text-xs font-semibold',
                STATUS_STYLES[domain.status],
              )}
            >
              {i18n._(STATUS_NAMES[domain.status])}
            </span>
          </p>
          <p className="text-slate-700" aria-live="polite">
            {lastChecked ? <Trans>Last checked {lastChecked}</Trans> : <Trans>Not checked yet</Trans>}
            {failure && <span className="block">{i18n._(FAILURE_TEXTS[failure])}</span>}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            size="sm"
            disabled={checking}
            aria-busy={checking || undefined}
            onClick={() => void checkNow()}
          >
            {checking ? (
              <Loader2 aria-hidden className="motion-safe:animate-spin" />
            ) : (
              <RefreshCw aria-hidden />
            )}
            {checking ? <Trans>Checking...</Trans> : <Trans>Check now</Trans>}
          </Button>
          <RemoveDomain owner={owner} domain={domain} />
        </div>
      </div>
      {domain.status === 'pending' && (
        <p className="text-sm text-slate-700">
          <Trans>
            Add this record at your DNS provider. The domain is checked every few minutes for two days, then
            once a day; if its record is not found within {DOMAIN_CLAIM_DAYS} days, it is removed from this
            list. Until then the domain is not held for you: the account whose record is found first keeps it.
          </Trans>
        </p>
      )}
      {domain.status === 'lost' && (
        <p className="text-sm text-slate-700">
          <Trans>
            Add this record at your DNS provider again. The domain is checked once a day and keeps working
            meanwhile; if its record is not back within {DOMAIN_LOST_GRACE_DAYS} days, it is released, and
            whoever holds the name can prove it.
          </Trans>
        </p>
      )}
      <dl className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-[auto_1fr_2fr]">
        <div className="space-y-1">
          <dt className="text-xs font-semibold text-slate-700">
            <Trans>Type</Trans>
          </dt>
          <dd className="py-1.5 text-sm">
            <code>TXT</code>
          </dd>
        </div>
        <RecordValue label={t`Name`} value={domain.recordName} />
        <RecordValue label={t`Value`} value={domain.recordValue} />
      </dl>
    </li>
  );
}

/** The domains of `owner`, each with its record, status, last check, "Check now" and Remove. */
export function DomainList({ owner, domains }: { owner: AccountOwner; domains: readonly DomainItem[] }) {
  if (domains.length === 0) {
    return (
      <p className="text-sm text-slate-700">
        <Trans>No domains yet.</Trans>
      </p>
    );
  }
  return (
    <ul className="divide-y divide-slate-200">
      {domains.map((domain) => (
        <DomainRow key={domain.id} owner={owner} domain={domain} />
      ))}
    </ul>
  );
}
