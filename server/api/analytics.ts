import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACTIVITY_METRICS,
  ANALYTICS_RANGES,
  CAMPAIGN_DIMENSIONS,
  canonicalTimeZone,
  FALLBACK_TIME_ZONE,
  PRIVACY_SWITCHES,
  VISIT_DIMENSIONS,
} from '../../src/analytics.ts';
import { AnalyticsOverviewInputSchema, AnalyticsRangeInputSchema } from '../../src/schemas/analytics.ts';
import { singleLineText } from '../../src/text.ts';
import { requireFeature } from '../access/plan-gate.ts';
import { analyticsBreakdowns } from '../analytics/breakdowns.ts';
import { analyticsOverview } from '../analytics/service.ts';
import { callerOf, type ApiDeps } from './context.ts';
import { apiSchemas, problemResponses } from './openapi.ts';

// /api/v1/analytics: the account's totals and series (analytics.overview) and breakdowns
// (analytics.breakdowns), for the ranges its plan allows: 12 months and the campaigns (UTM) with
// advancedAnalytics; a range the plan lacks is plan_required, as on the dashboard.

/**
 * Whether the runtime knows an IANA zone by this name (in any case). The dashboard counts an unknown zone in
 * UTC, as a browser's zone is not the person's to fix; an API client sent it, so it is refused instead.
 */
function isKnownTimeZone(name: string): boolean {
  try {
    // canonicalTimeZone also refuses offsets ("+05:00"), which Intl accepts
    return (
      canonicalTimeZone(name) ===
      new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone
    );
  } catch {
    return false;
  }
}

const TimeZoneSchema = singleLineText()
  .refine(isKnownTimeZone, {
    error: (issue) => `Unknown time zone "${String(issue.input)}": send an IANA name such as Europe/Madrid.`,
  })
  .transform(canonicalTimeZone)
  .meta({ description: 'An IANA time zone (Europe/Madrid); days start at its midnight.' });

/** The dashboard's range input; the time zone defaults to UTC, as an API client has no browser's. */
function rangeQuery<Schema extends typeof AnalyticsOverviewInputSchema>(schema: Schema) {
  return schema.extend({ timeZone: TimeZoneSchema.prefault(FALLBACK_TIME_ZONE) }).strict();
}

const metricCounts = z.object(Object.fromEntries(ACTIVITY_METRICS.map((metric) => [metric, z.int()])));
const BreakdownSchema = z.object({ value: z.string(), ...metricCounts.shape });
const PeriodTotalSchema = z.object({
  current: z.int(),
  previous: z.int(),
  change: z
    .number()
    .nullable()
    .meta({ description: 'Percent against the previous period; null: it had none.' }),
});

const OverviewSchema = z
  .object({
    timeZone: z.string(),
    range: z.enum(ANALYTICS_RANGES),
    unit: z.enum(['day', 'month']),
    totals: z.object(
      Object.fromEntries([...ACTIVITY_METRICS, 'interactions'].map((metric) => [metric, PeriodTotalSchema])),
    ),
    buckets: z.array(z.object({ date: z.string(), ...metricCounts.shape })),
  })
  .register(apiSchemas, { id: 'AnalyticsOverview' });

const BreakdownsSchema = z
  .object({
    timeZone: z.string(),
    range: z.enum(ANALYTICS_RANGES),
    unit: z.enum(['day', 'month']),
    totals: metricCounts,
    items: z.array(
      BreakdownSchema.extend({ kind: z.enum(['card', 'qr', 'profile']).nullable(), title: z.string() }),
    ),
    dimensions: z.object(
      Object.fromEntries(VISIT_DIMENSIONS.map((name) => [name, z.array(BreakdownSchema)])),
    ),
    campaigns: z
      .object(Object.fromEntries(CAMPAIGN_DIMENSIONS.map((name) => [name, z.array(BreakdownSchema)])))
      .nullable()
      .meta({ description: 'The visits by UTM campaign: advancedAnalytics only, else null.' }),
    outcomes: z.array(BreakdownSchema).meta({
      description:
        'The scans and clicks by how the link served them: destination (its destination), fallback (its ' +
        'fallback address, while it was not live) or rule (the address of a device or language rule).',
    }),
    visitors: z.array(z.object({ date: z.string(), visitors: z.int() })),
    notRecorded: z.array(z.enum(PRIVACY_SWITCHES)),
  })
  .register(apiSchemas, { id: 'AnalyticsBreakdowns' });

export function registerAnalyticsRoutes(scope: FastifyInstance, deps: ApiDeps): void {
  const api = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ['analytics'];
  const scopeOf = (accountId: string) => ({ db: deps.db, config: deps.config, accountId });

  api.get(
    '/analytics/overview',
    {
      schema: {
        tags,
        summary: 'Totals against the previous period, and the series day by day or month by month',
        querystring: rangeQuery(AnalyticsOverviewInputSchema),
        response: { 200: OverviewSchema, ...problemResponses('plan_required') },
      },
    },
    async (request) => analyticsOverview(scopeOf(callerOf(request).account.id), request.query),
  );

  api.get(
    '/analytics/breakdowns',
    {
      schema: {
        tags,
        summary:
          'Visits by card and link, device, browser, referrer, country, campaign and how links served them',
        querystring: rangeQuery(AnalyticsRangeInputSchema),
        response: { 200: BreakdownsSchema, ...problemResponses('plan_required') },
      },
    },
    async (request) => {
      const userId = callerOf(request).account.id;
      // the procedure's plan gate (meta.feature)
      await requireFeature(deps, userId, 'fullAnalytics');
      return analyticsBreakdowns(scopeOf(userId), request.query);
    },
  );
}
