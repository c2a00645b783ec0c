import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Activity, Eye, MousePointerClick, ScanLine, UserPlus, type LucideIcon } from 'lucide-react';
import type { ActivityMetric } from '#src/analytics.ts';

export type SummaryMetric = ActivityMetric | 'interactions';

interface MetricLook {
  label: MessageDescriptor;
  icon: LucideIcon;
  /**
   * The metric's line in the chart, its card's icon, and its name in the chart's tooltip: at least 4.5:1
   * against white, as text needs (WCAG 1.4.3), and hues far apart, so that the legend's short strokes tell
   * the lines apart (leads' emerald read as the scans' blue).
   */
  colour: string;
}

// spec section 2, Analytics: the cards in the spec's order, leads received before the total;
// the chart draws every kind of activity.
export const METRICS: Record<SummaryMetric, MetricLook> = {
  scans: { label: msg`QR scans`, icon: ScanLine, colour: '#0369a1' },
  views: { label: msg`Profile views`, icon: Eye, colour: '#7c3aed' },
  clicks: { label: msg`Link clicks`, icon: MousePointerClick, colour: '#c2410c' },
  leads: { label: msg`Leads`, icon: UserPlus, colour: '#4d7c0f' },
  interactions: { label: msg`Total interactions`, icon: Activity, colour: '#006b96' },
};
