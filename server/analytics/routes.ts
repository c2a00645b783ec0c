import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyInstance } from 'fastify';
import { serverPaths } from '../../src/routes.ts';
import { AnalyticsRangeInputSchema } from '../../src/schemas/analytics.ts';
import type { Auth } from '../auth/auth.ts';
import { requireSessionUser } from '../auth/session-user.ts';
import { requireFeature } from '../billing/plan-gate.ts';
import { AppError } from '../lib/errors.ts';
import type { AppDeps } from '../lib/app-deps.ts';
import { getProfileLanguage } from '../profile/service.ts';
import { can } from '../../src/plans.ts';
import { CSV_TEXTS, translatedEvents } from './csv-texts.ts';
import { eventColumns, rangeDates, rangeEvents } from './events.ts';
import { planForRange } from './service.ts';

// GET /api/analytics/events.csv?range=30d&timeZone=Europe/Madrid – the signed-in person's event rows of the
// range as CSV (fullAnalytics; the 12 months and the campaign's columns with advancedAnalytics), streamed
// page by page as a download (issue 13 item 6), its column names and words in the account's language
// (csv-texts.ts).

export async function registerAnalyticsRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  auth: Auth,
): Promise<void> {
  app.get<{ Querystring: Record<string, string | undefined> }>(
    serverPaths.analyticsEvents,
    async (request, reply) => {
      const user = await requireSessionUser(auth, request);
      await requireFeature(deps, user.id, 'fullAnalytics');
      const parsed = AnalyticsRangeInputSchema.safeParse({
        timeZone: request.query.timeZone,
        range: request.query.range,
      });
      if (!parsed.success) throw new AppError('validation_failed', { field: 'range' });
      const scope = { db: deps.db, accountId: user.id };
      const plan = await planForRange(scope, parsed.data.range);
      const { first, last } = rangeDates(parsed.data);
      const texts = CSV_TEXTS[await getProfileLanguage(deps.db, user.id)];
      const csv = Readable.from(translatedEvents(rangeEvents(scope, parsed.data), texts)).pipe(
        stringify({
          header: true,
          columns: eventColumns(can(plan, 'advancedAnalytics')).map((key) => ({
            key,
            header: texts.columns[key],
          })),
          // a card or link title that starts like a formula is written as text for spreadsheets
          escape_formulas: true,
          // the byte order mark tells spreadsheets the file is UTF-8 (accents in titles and headers)
          bom: true,
        }),
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="tapcard-events-${first}-to-${last}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
}
