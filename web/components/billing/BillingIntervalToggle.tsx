import { RadioGroup } from 'radix-ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { bestAnnualSavingPercent, BILLING_INTERVALS, type BillingInterval } from '#src/plans.ts';
import { cn } from '../../lib/cn.ts';

function isBillingInterval(value: string): value is BillingInterval {
  return (BILLING_INTERVALS as readonly string[]).includes(value);
}

function IntervalLabel({ interval }: { interval: BillingInterval }) {
  if (interval === 'month') return <Trans>Monthly</Trans>;
  const saving = bestAnnualSavingPercent();
  return (
    <>
      <Trans>Annually</Trans>
      <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-emerald-900">
        <Trans>Save {saving}%</Trans>
      </span>
    </>
  );
}

/** Monthly / Annually switch of the pricing cards: a radio group, so arrow keys move between the two. */
export function BillingIntervalToggle({
  value,
  onChange,
}: {
  value: BillingInterval;
  onChange: (interval: BillingInterval) => void;
}) {
  const { t } = useLingui();
  return (
    <RadioGroup.Root
      value={value}
      onValueChange={(next) => {
        if (isBillingInterval(next)) onChange(next);
      }}
      orientation="horizontal"
      aria-label={t`Billing period`}
      className="inline-flex rounded-full border border-slate-200 bg-white p-1 shadow-sm"
    >
      {BILLING_INTERVALS.map((interval) => (
        <RadioGroup.Item
          key={interval}
          value={interval}
          className={cn(
            'inline-flex h-10 items-center gap-2 rounded-full px-4 text-sm font-semibold transition-colors',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-strong',
            'data-[state=checked]:bg-ink data-[state=checked]:text-white data-[state=unchecked]:text-slate-700 data-[state=unchecked]:hover:bg-slate-100',
          )}
        >
          <IntervalLabel interval={interval} />
        </RadioGroup.Item>
      ))}
    </RadioGroup.Root>
  );
}
