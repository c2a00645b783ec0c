import { Trans, useLingui } from '@lingui/react/macro';
import { ExternalLink } from 'lucide-react';
import { SectionCard } from '../../components/SectionCard.tsx';
import { cn } from '../../lib/cn.ts';
import { formatDate, formatMoney } from '../../lib/format.ts';
import { invoiceStatusText, invoiceStatusTone } from './invoice-status.ts';
import type { Invoice } from './types.ts';

const TONE_CLASSES = {
  good: 'bg-emerald-100 text-emerald-900',
  owed: 'bg-amber-100 text-amber-950',
  neutral: 'bg-slate-100 text-slate-800',
} as const;

function InvoiceRow({ invoice }: { invoice: Invoice }) {
  const { t, i18n } = useLingui();
  const date = formatDate(invoice.created, i18n.locale);
  const amount = formatMoney(invoice.amount, invoice.currency, i18n.locale);
  const content = (
    <>
      <span className="min-w-0 flex-1">
        <span className="block font-semibold text-ink">{amount}</span>
        <span className="block text-slate-700">{date}</span>
      </span>
      <span
        className={cn(
          'rounded-full px-2.5 py-0.5 text-xs font-semibold',
          TONE_CLASSES[invoiceStatusTone(invoice.status)],
        )}
      >
        {i18n._(invoiceStatusText(invoice.status))}
      </span>
    </>
  );
  const rowClasses = 'flex items-center gap-4 px-1 py-3 text-sm';
  return (
    <li>
      {invoice.url ? (
        <a
          href={invoice.url}
          target="_blank"
          rel="noreferrer"
          aria-label={t`Invoice of ${date}, ${amount} (opens in a new tab)`}
          className={cn(rowClasses, 'rounded-lg hover:bg-slate-50')}
        >
          {content}
          <ExternalLink aria-hidden className="size-4 shrink-0 text-slate-600" />
        </a>
      ) : (
        <div className={rowClasses}>{content}</div>
      )}
    </li>
  );
}

/** Recent invoices (spec section 2, Billing), newest first as the server sends them. */
export function BillingHistoryCard({ invoices }: { invoices: readonly Invoice[] }) {
  const { t } = useLingui();
  return (
    <SectionCard title={t`Billing history`}>
      {invoices.length === 0 ? (
        <p className="text-sm text-slate-700">
          <Trans>No invoices yet.</Trans>
        </p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {invoices.map((invoice) => (
            <InvoiceRow key={invoice.id} invoice={invoice} />
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
