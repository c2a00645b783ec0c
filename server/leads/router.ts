import { LeadSettingsSchema } from '../../src/schemas/lead.ts';
import { LeadFilterSchema, LeadIdSchema, ListLeadsSchema } from '../../src/schemas/lead-list.ts';
import { actingTeam } from '../access/team-access.ts';
import { authedProcedure, router } from '../trpc/init.ts';
import {
  eraseLead,
  eraseLeads,
  getLead,
  leadCards,
  leadSettings,
  listLeads,
  NO_LEAD_CARDS,
  NO_LEADS,
  ownLeads,
  updateLeadSettings,
} from './service.ts';
import { existingTeamLeadScope, teamLeadScope } from './team.ts';

/** The team's leads, for its owner and admins (server/leads/team.ts). */
const teamLeadsProcedure = authedProcedure.meta({ teamRole: 'admin' });
/** The team's lead settings: its owner's choice (the owner is e-mailed the team's leads). */
const teamLeadSettingsProcedure = authedProcedure.meta({ teamRole: 'owner' });

// The signed-in person's own leads, and (under `team`) their team's, with the choices about them; the
// service names the account in every query. A team without an account has no leads yet.
export const leadsRouter = router({
  list: authedProcedure.input(ListLeadsSchema).query(({ ctx, input }) => listLeads(ownLeads(ctx), input)),
  cards: authedProcedure.query(({ ctx }) => leadCards(ownLeads(ctx))),
  get: authedProcedure.input(LeadIdSchema).query(({ ctx, input }) => getLead(ownLeads(ctx), input)),
  erase: authedProcedure.input(LeadIdSchema).mutation(({ ctx, input }) => eraseLead(ownLeads(ctx), input)),
  eraseAll: authedProcedure
    .input(LeadFilterSchema)
    .mutation(({ ctx, input }) => eraseLeads(ownLeads(ctx), input)),
  settings: authedProcedure.query(({ ctx }) => leadSettings(ownLeads(ctx))),
  updateSettings: authedProcedure
    .input(LeadSettingsSchema)
    .mutation(({ ctx, input }) => updateLeadSettings(ownLeads(ctx), input)),
  team: router({
    list: teamLeadsProcedure.input(ListLeadsSchema).query(async ({ ctx, input }) => {
      const scope = await teamLeadScope(ctx, actingTeam(ctx).teamId);
      return scope ? listLeads(scope, input) : NO_LEADS;
    }),
    cards: teamLeadsProcedure.query(async ({ ctx }) => {
      const scope = await teamLeadScope(ctx, actingTeam(ctx).teamId);
      return scope ? leadCards(scope) : NO_LEAD_CARDS;
    }),
    get: teamLeadsProcedure
      .input(LeadIdSchema)
      .query(async ({ ctx, input }) =>
        getLead(await existingTeamLeadScope(ctx, actingTeam(ctx).teamId), input),
      ),
    erase: teamLeadsProcedure
      .input(LeadIdSchema)
      .mutation(async ({ ctx, input }) =>
        eraseLead(await existingTeamLeadScope(ctx, actingTeam(ctx).teamId), input),
      ),
    eraseAll: teamLeadsProcedure.input(LeadFilterSchema).mutation(async ({ ctx, input }) => {
      const scope = await teamLeadScope(ctx, actingTeam(ctx).teamId);
      return scope ? eraseLeads(scope, input) : { erased: 0 };
    }),
    // null: the team has no account yet, so no leads and nothing to choose
    settings: teamLeadSettingsProcedure.query(async ({ ctx }) => {
      const scope = await teamLeadScope(ctx, actingTeam(ctx).teamId);
      return scope ? leadSettings(scope) : null;
    }),
    updateSettings: teamLeadSettingsProcedure
      .input(LeadSettingsSchema)
      .mutation(async ({ ctx, input }) =>
        updateLeadSettings(await existingTeamLeadScope(ctx, actingTeam(ctx).teamId), input),
      ),
  }),
});
