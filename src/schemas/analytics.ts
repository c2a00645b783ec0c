import { z } from 'zod';
import { canonicalTimeZone } from '../analytics.ts';
import { singleLineText } from '../text.ts';

// analytics.overview: the browser sends its own time zone (Intl ... resolvedOptions().timeZone) so that
// days start at the person's midnight. A zone the server does not know counts days in UTC instead of
// failing the page.

export const AnalyticsOverviewInputSchema = z.object({
  timeZone: singleLineText().transform(canonicalTimeZone),
});
export type AnalyticsOverviewInput = z.output<typeof AnalyticsOverviewInputSchema>;
