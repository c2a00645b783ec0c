import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowDownRight, ArrowRight, ArrowUpRight, Sparkles, type LucideIcon } from 'lucide-react';
import type { AnalyticsRange } from '#src/analytics.ts';
import { cn } from '../../lib/cn.ts';
import { trendOf, type PeriodTotal, type Trend } from './change.ts';
import { useRangeTexts } from './range-texts.ts';

const LOOK: Record<Trend, { icon: LucideIcon | null; classes: string }> = {
  up: { icon: ArrowUpRight, classes: 'text-emerald-700' },
  down: { icon: ArrowDownRight, classes: 'text-red-700' },
  flat: { icon: ArrowRight, classes: 'text-slate-700' },
  new: { icon: Sparkles, classes: 'text-brand-strong' },
  none: { icon: null, classes: 'text-slate-600' },
};

/** A stat card's change against the previous period: coloured arrow and percentage, in words for screen readers. */
export function ChangeIndicator({ total, range }: { total: PeriodTotal; range: AnalyticsRange }) {
  const { t, i18n } = useLingui();
  const rangeTexts = useRangeTexts();
  const trend = trendOf(total);
  const { icon: Icon, classes } = LOOK[trend];
  const change = total.change ?? 0;
  // a decimal only where it says something: +4.5%, but +156% rather than +155.8%
  const asPercent = (value: number, signDisplay: 'never' | 'exceptZero') =>
    i18n.number(value / 100, {
      style: 'percent',
      maximumFractionDigits: Math.abs(value) < 10 ? 1 : 0,
      signDisplay,
    });
  const percent = asPercent(change, 'never');
  const shown = trend === 'new' ? t`New` : trend === 'none' ? '—' : asPercent(change, 'exceptZero');
  const spoken = {
    up: t`Up ${percent} vs last period`,
    down: t`Down ${percent} vs last period`,
    flat: t`No change vs last period`,
    new: rangeTexts.newSince(range),
    none: rangeTexts.nothingEither(range),
  }[trend];
  return (
    <p className="mt-3 flex flex-wrap items-center gap-x-1.5 text-sm">
      <span className="sr-only">{spoken}</span>
      <span aria-hidden className={cn('inline-flex items-center gap-0.5 font-semibold', classes)}>
        {Icon && <Icon className="size-4" />}
        {shown}
      </span>
      <span aria-hidden className="text-slate-600">
        <Trans>vs last period</Trans>
      </span>
    </p>
  );
}
