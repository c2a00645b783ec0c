import {
  CrmOptionsSchema,
  CrmOwnerSchema,
  CrmProviderInputSchema,
  SaveCrmMappingSchema,
} from '../../src/schemas/crm.ts';
import { authedProcedure, router } from '../trpc/init.ts';
import {
  crmOptions,
  disconnectCrm,
  listCrmConnections,
  retryCrmSyncs,
  saveCrmMapping,
  startCrmConnect,
} from './service.ts';

// Each procedure takes whose connections (`owner`). What reaches the CRM needs apiAccess of the account it is
// for (a team's is its owner's plan: the service checks it, as a procedure's meta knows only the caller's
// own plan).
export const crmRouter = router({
  list: authedProcedure.input(CrmOwnerSchema).query(({ ctx, input }) => listCrmConnections(ctx, input)),
  connect: authedProcedure
    .input(CrmProviderInputSchema)
    .mutation(({ ctx, input }) => startCrmConnect(ctx, input)),
  options: authedProcedure.input(CrmOptionsSchema).query(({ ctx, input }) => crmOptions(ctx, input)),
  saveMapping: authedProcedure
    .meta({ edits: 'crmConnection' })
    .input(SaveCrmMappingSchema)
    .mutation(({ ctx, input }) => saveCrmMapping(ctx, input)),
  disconnect: authedProcedure
    .input(CrmProviderInputSchema)
    .mutation(({ ctx, input }) => disconnectCrm(ctx, input)),
  retry: authedProcedure
    .input(CrmProviderInputSchema)
    .mutation(({ ctx, input }) => retryCrmSyncs(ctx, input)),
});
