import { Trans, useLingui } from '@lingui/react/macro';
import { ExternalLink } from 'lucide-react';
import { SectionCard } from '../../components/SectionCard.tsx';
import { cn } from '../../lib/cn.ts';
import { formatDate, formatMoney } from '../../lib/format.ts';
import { PLAN_NAMES } from '../../lib/plan-names.ts';
import { invoiceStatusText, invoiceStatusTone } from './invoice-status.ts';
import type { Invoice } from './types.ts';

type InvoiceLine = NonNullable<Invoice['line']>;

/** "Pro Plan, monthly" */
function PlanAndInterval({ plan, interval }: Pick<InvoiceLine, 'plan' | 'interval'>) {
  const { i18n } = useLingui();
  const name = i18n._(PLAN_NAMES[plan]);
  return interval === 'year' ? <Trans>{name}, yearly</Trans> : <Trans>{name}, monthly</Trans>;
}

/**
 * A demo invoice's one line: the plan it paid for and, for a change, its charge less the previous plan's
 * unused time and any account credit (Stripe's invoices have their own page instead).
 */
function InvoiceLineText({ line, currency }: { line: InvoiceLine; currency: string }) {
  const { i18n } = useLingui();
  const money = (amount: number) => formatMoney(amount, currency, i18n.locale);
  const charge = money(line.planCharge);
  const unused = money(line.unusedCredit);
  const credit = money(line.creditApplied);
  const added = line.unusedCredit - line.planCharge;
  const kept = money(added);
  return (
    <span className="block text-slate-700">
      <PlanAndInterval plan={line.plan} interval={line.interval} />
      {line.previous && (
        <>
          {': '}
          <Trans>
            {charge} − {unused} unused time on{' '}
            <PlanAndInterval plan={line.previous.plan} interval={line.previous.interval} />
          </Trans>
        </>
      )}
      {line.creditApplied > 0 && (
        <>
          {' '}
          <Trans>− {credit} account credit</Trans>
        </>
      )}
      {added > 0 && (
        <span className="block">
          <Trans>{kept} kept as account credit for your next payment</Trans>
        </span>
      )}
    </span>
  );
}

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
        {invoice.line && <InvoiceLineText line={invoice.line} currency={invoice.currency} />}
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
