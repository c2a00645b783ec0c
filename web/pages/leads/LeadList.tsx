import { Trans, useLingui } from '@lingui/react/macro';
import { Mail, Phone, Trash2 } from 'lucide-react';
import { Button } from '../../components/ui/Button.tsx';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.tsx';
import { useConfirmedAction } from '../../components/ui/use-confirmed-action.ts';
import { formatDateTime } from '../../lib/format.ts';
import { trpc, type RouterOutputs } from '../../lib/trpc.ts';
import { LeadDetailDialog } from './LeadDetailDialog.tsx';
import { useLeadProcedures } from './lead-scope.ts';

type LeadItem = RouterOutputs['leads']['list']['items'][number];

/** What a lead is called: its name, or the first way back it gave. */
export function leadLabel(lead: Pick<LeadItem, 'name' | 'email' | 'phone' | 'company'>): string {
  return lead.name ?? lead.email ?? lead.phone ?? lead.company ?? '—';
}

function EraseLead({ lead }: { lead: LeadItem }) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const { mutateAsync } = useLeadProcedures().erase.useMutation();
  const erase = useConfirmedAction({
    run: () => mutateAsync({ id: lead.id }),
    failureTitle: t`Failed to erase the lead`,
    success: { title: t`Lead erased` },
    // the list, and the card filter (the last lead of a deleted card)
    refresh: () => utils.leads.invalidate(),
  });
  const label = leadLabel(lead);
  return (
    <ConfirmDialog
      trigger={
        <Button variant="removal" size="sm" aria-label={t`Erase ${label}`}>
          <Trash2 aria-hidden />
          <Trans>Erase</Trans>
        </Button>
      }
      title={<Trans>Erase {label}?</Trans>}
      description={
        <Trans>The lead and its consent receipt are deleted for good. This cannot be undone.</Trans>
      }
      confirmLabel={<Trans>Erase lead</Trans>}
      pendingLabel={<Trans>Erasing...</Trans>}
      onConfirm={erase}
    />
  );
}

/** The leads, newest first: a card each on a phone, a row each on wider screens. */
export function LeadList({ leads }: { leads: LeadItem[] }) {
  const { t, i18n } = useLingui();
  return (
    <ul aria-label={t`Leads, newest first`} className="divide-y divide-slate-200">
      {leads.map((lead) => {
        const label = leadLabel(lead);
        return (
          <li key={lead.id} aria-label={label} className="flex flex-wrap items-start gap-3 py-4">
            <div className="min-w-56 flex-1 space-y-1 text-sm">
              <p className="font-medium break-words text-ink">
                {label}
                {lead.company && lead.name && (
                  <span className="font-normal text-slate-700"> · {lead.company}</span>
                )}
              </p>
              {lead.email && (
                <p className="flex items-center gap-1.5 break-all text-slate-700">
                  <Mail aria-hidden className="size-4 shrink-0" />
                  <a className="underline" href={`mailto:${lead.email}`}>
                    {lead.email}
                  </a>
                </p>
              )}
              {lead.phone && (
                <p className="flex items-center gap-1.5 text-slate-700">
                  <Phone aria-hidden className="size-4 shrink-0" />
                  <a className="underline" href={`tel:${lead.phone.replace(/[^\d+]/g, '')}`}>
                    {lead.phone}
                  </a>
                </p>
              )}
              <p className="text-slate-700">
                {lead.vcardId === null ? (
                  <Trans>
                    On {lead.cardName} (deleted),{' '}
                    <time dateTime={lead.createdAt.toISOString()}>
                      {formatDateTime(lead.createdAt, i18n.locale)}
                    </time>
                  </Trans>
                ) : (
                  <Trans>
                    On {lead.cardName},{' '}
                    <time dateTime={lead.createdAt.toISOString()}>
                      {formatDateTime(lead.createdAt, i18n.locale)}
                    </time>
                  </Trans>
                )}
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              <LeadDetailDialog id={lead.id} label={label} />
              <EraseLead lead={lead} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
