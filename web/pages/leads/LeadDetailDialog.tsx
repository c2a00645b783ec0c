import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { FileText } from 'lucide-react';
import type { Locale } from '#src/i18n.ts';
import type { LeadField } from '#src/schemas/lead.ts';
import { QueryStatus } from '../../components/QueryStatus.tsx';
import { Button } from '../../components/ui/Button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '../../components/ui/Dialog.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useLeadProcedures } from './lead-scope.ts';

export const LEAD_FIELD_NAMES: Record<LeadField, MessageDescriptor> = {
  name: msg`Name`,
  email: msg`Email`,
  phone: msg`Phone`,
  company: msg`Company`,
  note: msg`Note`,
};

const LANGUAGE_NAMES: Record<Locale, MessageDescriptor> = {
  en: msg`English`,
  es: msg`Spanish`,
};

/** A lead's details and its consent receipt: what the visitor agreed to, in which language, when, where. */
function LeadReceipt({ id }: { id: string }) {
  const { i18n } = useLingui();
  const lead = useLeadProcedures().get.useQuery({ id });
  if (!lead.isSuccess) return <QueryStatus error={lead.error} onRetry={() => void lead.refetch()} />;
  const { data } = lead;
  const when = formatDateTime(data.createdAt, i18n.locale);
  const { cardName } = data;
  return (
    <div className="space-y-5">
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        {(['name', 'email', 'phone', 'company', 'note'] as const).map((field) =>
          data[field] ? (
            <div key={field} className="contents">
              <dt className="font-semibold text-slate-700">{i18n._(LEAD_FIELD_NAMES[field])}</dt>
              <dd className="break-words whitespace-pre-wrap text-ink">{data[field]}</dd>
            </div>
          ) : null,
        )}
      </dl>
      <section aria-labelledby="lead-receipt" className="space-y-3 rounded-lg bg-slate-50 p-4 text-sm">
        <h3 id="lead-receipt" className="font-semibold text-ink">
          <Trans>Consent receipt</Trans>
        </h3>
        <blockquote className="border-l-4 border-slate-300 pl-3 break-words whitespace-pre-wrap text-ink">
          {data.consentText}
        </blockquote>
        <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
          <dt className="font-semibold text-slate-700">
            <Trans>Agreed on</Trans>
          </dt>
          <dd>
            <time dateTime={data.createdAt.toISOString()}>{when}</time>
          </dd>
          <dt className="font-semibold text-slate-700">
            <Trans>Language shown</Trans>
          </dt>
          <dd>{i18n._(LANGUAGE_NAMES[data.consentLanguage])}</dd>
          <dt className="font-semibold text-slate-700">
            <Trans>Card</Trans>
          </dt>
          <dd className="break-words">
            {data.vcardId === null ? <Trans>{cardName} (deleted)</Trans> : cardName}
          </dd>
          <dt className="font-semibold text-slate-700">
            <Trans>Fields given</Trans>
          </dt>
          <dd>{data.fieldsGiven.map((field) => i18n._(LEAD_FIELD_NAMES[field])).join(', ')}</dd>
        </dl>
      </section>
    </div>
  );
}

export function LeadDetailDialog({ id, label }: { id: string; label: string }) {
  const { t } = useLingui();
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm" aria-label={t`Details of ${label}`}>
          <FileText aria-hidden />
          <Trans>Details</Trans>
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogTitle>{label}</DialogTitle>
        <DialogDescription>
          <Trans>What this visitor shared, and the receipt of what they agreed to.</Trans>
        </DialogDescription>
        <div className="mt-4">
          <LeadReceipt id={id} />
        </div>
      </DialogContent>
    </Dialog>
  );
}
