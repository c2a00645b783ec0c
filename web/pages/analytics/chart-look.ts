import type { I18n } from '@lingui/core';

// The activity chart and the unique visitors chart are read side by side: the same grid, axes and
// tooltips, numbers in the page's language, days and months written in full where there is room.

/** Horizontal grid lines only, lighter than the axes. */
export const GRID_LOOK = { vertical: false, stroke: '#e2e8f0' } as const;

/** An axis's labels and line. */
export const AXIS_LOOK = { tick: { fill: '#475569', fontSize: 12 }, stroke: '#cbd5e1' } as const;

/** The axis of the counts: whole numbers only, as wide as its longest label. */
export function countAxis(i18n: I18n) {
  return {
    allowDecimals: false,
    width: 'auto',
    tickFormatter: (value: number) => i18n.number(value),
    ...AXIS_LOOK,
  } as const;
}

/** The tooltip's heading (the day or month in full) and its numbers. */
export function pointTooltip(i18n: I18n, longDate: (date: string) => string) {
  return {
    labelFormatter: (label: unknown) => longDate(String(label)),
    formatter: (value: unknown) => i18n.number(Number(value)),
  };
}
