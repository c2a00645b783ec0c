import { z } from 'zod';
import { ANALYTICS_RANGES, canonicalTimeZone, DEFAULT_RANGE } from '../analytics.ts';
import { TEAM_ANALYTICS_TABLES } from '../team-analytics.ts';
import { singleLineText } from '../text.ts';

// analytics.overview: the browser sends its own time zone (Intl ... resolvedOptions().timeZone) so that
// days start at the person's midnight. A zone the server does not know counts days in UTC instead of
// failing the page.

// `range` is one of the page's ranges; one that the plan lacks is refused with plan_required by the service.

export const AnalyticsOverviewInputSchema = z.object({
  timeZone: singleLineText().transform(canonicalTimeZone),
  range: z.enum(ANALYTICS_RANGES).default(DEFAULT_RANGE),
});
export type AnalyticsOverviewInput = z.output<typeof AnalyticsOverviewInputSchema>;

/** analytics.breakdowns and the CSV of the events: the same range in the same time zone as the overview. */
export const AnalyticsRangeInputSchema = AnalyticsOverviewInputSchema;
export type AnalyticsRangeInput = AnalyticsOverviewInput;

/**
 * What a team's breakdowns are of: the whole team, one member's team cards (by their account), or one team
 * card; each with the QR codes of its cards.
 */
export const TeamBreakdownsSubjectSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('team') }),
  z.object({ kind: z.literal('member'), userId: singleLineText().min(1).max(100) }),
  z.object({ kind: z.literal('card'), vcardId: z.uuid() }),
]);
export type TeamBreakdownsSubject = z.output<typeof TeamBreakdownsSubjectSchema>;

/** analytics.teamBreakdowns: the range, and whose visits (the whole team's unless named). */
export const TeamBreakdownsInputSchema = AnalyticsRangeInputSchema.extend({
  of: TeamBreakdownsSubjectSchema.default({ kind: 'team' }),
});
export type TeamBreakdownsInput = z.output<typeof TeamBreakdownsInputSchema>;

/** The team's CSV (advancedAnalytics): the same range, and which of its tables. */
export const TeamAnalyticsCsvInputSchema = AnalyticsRangeInputSchema.extend({
  table: z.enum(TEAM_ANALYTICS_TABLES),
});
export type TeamAnalyticsCsvInput = z.output<typeof TeamAnalyticsCsvInputSchema>;
