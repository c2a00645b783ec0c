import { LeadSettingsSchema } from '../../src/schemas/lead.ts';
import { LeadFilterSchema, LeadIdSchema, ListLeadsSchema } from '../../src/schemas/lead-list.ts';
import { authedProcedure, router } from '../trpc/init.ts';
import { eraseLead, eraseLeads, getLead, leadSettings, listLeads, updateLeadSettings } from './service.ts';

// The signed-in person's own leads (a team card's belong to the team's account) and their choices about
// them; the service names the account in every query.
export const leadsRouter = router({
  list: authedProcedure.input(ListLeadsSchema).query(({ ctx, input }) => listLeads(ctx, input)),
  get: authedProcedure.input(LeadIdSchema).query(({ ctx, input }) => getLead(ctx, input)),
  erase: authedProcedure.input(LeadIdSchema).mutation(({ ctx, input }) => eraseLead(ctx, input)),
  eraseAll: authedProcedure.input(LeadFilterSchema).mutation(({ ctx, input }) => eraseLeads(ctx, input)),
  settings: authedProcedure.query(({ ctx }) => leadSettings(ctx)),
  updateSettings: authedProcedure
    .input(LeadSettingsSchema)
    .mutation(({ ctx, input }) => updateLeadSettings(ctx, input)),
});
