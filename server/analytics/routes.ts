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
import { CSV_TEXTS, translatedEvents } from './csv-texts.ts';
import { EVENT_COLUMNS, rangeDates, rangeEvents } from './events.ts';

// GET /api/analytics/events.csv?days=30&timeZone=Europe/Madrid – the signed-in person's event rows of the
// range as CSV (fullAnalytics), streamed page by page as a download (issue 13 item 6), its column names and
// words in the account's language (csv-texts.ts).

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
        days: Number(request.query.days),
      });
      if (!parsed.success) throw new AppError('validation_failed', { field: 'days' });
      const { first, last } = rangeDates(parsed.data);
      const texts = CSV_TEXTS[await getProfileLanguage(deps.db, user.id)];
      const csv = Readable.from(
        translatedEvents(rangeEvents({ db: deps.db, user }, parsed.data), texts),
      ).pipe(
        stringify({
          header: true,
          columns: EVENT_COLUMNS.map((key) => ({ key, header: texts.columns[key] })),
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
