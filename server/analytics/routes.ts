import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { serverPaths } from '../../src/routes.ts';
import { AnalyticsRangeInputSchema, TeamAnalyticsCsvInputSchema } from '../../src/schemas/analytics.ts';
import type { Auth } from '../auth/auth.ts';
import { requireSessionUser } from '../access/session-user.ts';
import { requireFeature } from '../access/plan-gate.ts';
import { csvStream } from '../lib/csv.ts';
import { AppError } from '../lib/errors.ts';
import type { AppDeps } from '../lib/app-deps.ts';
import { getProfileLanguage } from '../access/profile-language.ts';
import { requireTeamRole } from '../access/team-access.ts';
import { can } from '../../src/plans.ts';
import { CSV_TEXTS, TEAM_CSV_TEXTS } from './csv-texts.ts';
import { eventsCsv } from './events-csv.ts';
import { rangeDates, rangeEvents } from './events.ts';
import { planForRange } from './service.ts';
import { teamCsvColumns, teamCsvRows } from './team-csv.ts';
import { teamAnalytics, teamAnalyticsScope } from './team.ts';

// GET /api/analytics/events.csv?range=30d&timeZone=Europe/Madrid – the signed-in person's event rows of the
// range as CSV (fullAnalytics; the 12 months and the campaign's columns with advancedAnalytics), streamed
// page by page as a download, its column names and words in the account's language
// (csv-texts.ts).
//
// GET /api/analytics/team.csv?table=members|cards|events&range=30d&timeZone=… – the team's figures per
// member or per card as the team analytics page shows them, or the team account's events as above
// (advancedAnalytics of the team's plan, for its owner and admins).

const attachment = (name: string) => `attachment; filename="${name}"`;

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
      const csv = eventsCsv(rangeEvents(scope, parsed.data), can(plan, 'advancedAnalytics'), texts);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachment(`tapcard-events-${first}-to-${last}.csv`))
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.get<{ Querystring: Record<string, string | undefined> }>(
    serverPaths.teamAnalyticsCsv,
    async (request, reply) => {
      const user = await requireSessionUser(auth, request);
      const { teamId } = await requireTeamRole(deps.db, user.id, 'admin');
      const parsed = TeamAnalyticsCsvInputSchema.safeParse({
        timeZone: request.query.timeZone,
        range: request.query.range,
        table: request.query.table,
      });
      if (!parsed.success) {
        throw new AppError('validation_failed', {
          field: String(parsed.error.issues[0]?.path[0] ?? 'range'),
        });
      }
      const { table, range } = parsed.data;
      const { first, last } = rangeDates(parsed.data);
      const language = await getProfileLanguage(deps.db, user.id);
      let csv: Readable;
      let slug: string;
      if (table === 'events') {
        // the team account's events, as the events CSV has them: advancedAnalytics, which the scope
        // requires, includes every range and the campaign's columns (a team without an account has none)
        const { team, scope } = await teamAnalyticsScope(deps.db, teamId);
        const events = scope ? rangeEvents(scope, parsed.data) : [];
        csv = eventsCsv(events, true, CSV_TEXTS[language]);
        slug = team.slug;
      } else {
        const analytics = await teamAnalytics(deps.db, teamId, parsed.data);
        const texts = TEAM_CSV_TEXTS[language];
        csv = csvStream(
          teamCsvRows(analytics, table, texts),
          teamCsvColumns(table).map((key) => ({ key, header: texts.columns[key] })),
        );
        slug = analytics.team.slug;
      }
      const name = `tapcard-${slug}-${table}-${range}-${first}-to-${last}.csv`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachment(name))
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
}
