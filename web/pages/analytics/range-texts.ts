import { useLingui } from '@lingui/react/macro';
import { RANGE_SHAPES, type AnalyticsRange } from '#src/analytics.ts';

/**
 * The words for a range of the analytics page: a number of days, or of months for the 12 months (compared
 * with the same months a year before, not with the months just before: src/analytics.ts rangeWindow).
 */
export function useRangeTexts() {
  const { t } = useLingui();
  const shape = (range: AnalyticsRange) => RANGE_SHAPES[range];
  return {
    /** '7 days', '12 months': the picker's options. */
    name(range: AnalyticsRange): string {
      const { unit, count } = shape(range);
      if (unit === 'month') {
        const months = count;
        return t`${months} months`;
      }
      const days = count;
      return t`${days} days`;
    },
    /** The stat cards' list. */
    totals(range: AnalyticsRange): string {
      const { unit, count } = shape(range);
      if (unit === 'month') {
        const months = count;
        return t`Totals of the last ${months} months`;
      }
      const days = count;
      return t`Totals of the last ${days} days`;
    },
    /** A stat card's change when the compared period had nothing. */
    newSince(range: AnalyticsRange): string {
      const { unit, count } = shape(range);
      if (unit === 'month') return t`New: none in the same months a year before`;
      const days = count;
      return t`New: none in the previous ${days} days`;
    },
    /** A stat card's change when neither period had anything. */
    nothingEither(range: AnalyticsRange): string {
      const { unit, count } = shape(range);
      if (unit === 'month') return t`Nothing in these months or the same months a year before`;
      const days = count;
      return t`Nothing in this or the previous ${days} days`;
    },
  };
}
