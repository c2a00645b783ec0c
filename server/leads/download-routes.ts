import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { dateInTimeZone } from '../../src/analytics.ts';
import { serverPaths } from '../../src/routes.ts';
import { LeadFilterSchema, type LeadFilter } from '../../src/schemas/lead-list.ts';
import type { Auth } from '../auth/auth.ts';
import { requireSessionUser } from '../access/session-user.ts';
import type { AppDeps } from '../lib/app-deps.ts';
import { csvStream } from '../lib/csv.ts';
import { AppError } from '../lib/errors.ts';
import { getProfileLanguage } from '../access/profile-language.ts';
import { requireTeamRole } from '../access/team-access.ts';
import { LEAD_CSV_COLUMNS, LEAD_CSV_HEADERS, leadCsvRows, leadVcards } from './exports.ts';
import { allLeadRecords } from './records.ts';
import { leadScopeOf, type LeadScope, type LeadWithReceipt } from './service.ts';
import { teamLeadScope } from './team.ts';

// GET /api/leads/leads.csv?search=&vcardId=&from=&to=&timeZone= – the signed-in person's leads that the
// leads page lists with these filters, as CSV in their language (formula cells written as text),
// streamed page by page as a download. With `team=1`: their team's leads instead, as the team leads page
// lists them, for the team's owner and admins (team_role_required otherwise, as the procedures).
// GET /api/leads/leads.vcf?… – the same leads as one .vcf, a vCard each.

type Query = Record<string, string | undefined>;

/** The page's filters from the query; a blank parameter is no filter. */
function filterOf(request: FastifyRequest<{ Querystring: Query }>): LeadFilter {
  const given = (name: string) => request.query[name] || undefined;
  const parsed = LeadFilterSchema.safeParse({
    search: given('search'),
    vcardId: given('vcardId'),
    from: given('from'),
    to: given('to'),
    timeZone: given('timeZone'),
  });
  if (!parsed.success) {
    throw new AppError('validation_failed', { field: String(parsed.error.issues[0]?.path[0] ?? 'search') });
  }
  return parsed.data;
}

const attachment = (name: string) => `attachment; filename="${name}"`;

/** Whose leads the download is: the person's own, or with `team=1` their team's (null: it has none yet). */
async function scopeOf(
  deps: AppDeps,
  userId: string,
  request: FastifyRequest<{ Querystring: Query }>,
): Promise<LeadScope | null> {
  if (request.query.team !== '1') return leadScopeOf(deps, userId);
  const { teamId } = await requireTeamRole(deps.db, userId, 'admin');
  return teamLeadScope(deps, teamId);
}

/** The scope's leads the filters match; none for a team without an account. */
async function* leadsOf(scope: LeadScope | null, filter: LeadFilter): AsyncGenerator<LeadWithReceipt> {
  if (scope) yield* allLeadRecords(scope, filter);
}

export function registerLeadDownloadRoutes(app: FastifyInstance, deps: AppDeps, auth: Auth): void {
  app.get<{ Querystring: Query }>(serverPaths.leadsCsv, async (request, reply) => {
    const user = await requireSessionUser(auth, request);
    const scope = await scopeOf(deps, user.id, request);
    const filter = filterOf(request);
    const headers = LEAD_CSV_HEADERS[await getProfileLanguage(deps.db, user.id)];
    const csv = csvStream(
      leadCsvRows(leadsOf(scope, filter)),
      LEAD_CSV_COLUMNS.map((key) => ({ key, header: headers[key] })),
    );
    const today = dateInTimeZone(new Date(), filter.timeZone);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', attachment(`tapcard-leads-${today}.csv`))
      .header('cache-control', 'no-store')
      .send(csv);
  });

  app.get<{ Querystring: Query }>(serverPaths.leadsVcf, async (request, reply) => {
    const user = await requireSessionUser(auth, request);
    const scope = await scopeOf(deps, user.id, request);
    const filter = filterOf(request);
    const language = await getProfileLanguage(deps.db, user.id);
    const today = dateInTimeZone(new Date(), filter.timeZone);
    return reply
      .header('content-type', 'text/vcard; charset=utf-8')
      .header('content-disposition', attachment(`tapcard-leads-${today}.vcf`))
      .header('cache-control', 'no-store')
      .send(Readable.from(leadVcards(leadsOf(scope, filter), language)));
  });
}
