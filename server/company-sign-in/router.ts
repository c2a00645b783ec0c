import { OidcProviderSchema, SsoDomainSchema, SsoRequiredSchema } from '../../src/schemas/company-sign-in.ts';
import { actingTeam } from '../access/team-access.ts';
import { authedProcedure, router } from '../trpc/init.ts';
import {
  checkSsoDomain,
  companySignIn,
  removeOidcProvider,
  saveOidcProvider,
  setSsoDomain,
  setSsoRequired,
} from './service.ts';

// The team's Single sign-on page (docs/decisions/028-company-sign-in.md): its owner's alone, as who may sign
// in to the team is.
export const companySignInRouter = router({
  get: authedProcedure.meta({ teamRole: 'owner' }).query(({ ctx }) => companySignIn(ctx, actingTeam(ctx))),
  setDomain: authedProcedure
    .meta({ teamRole: 'owner' })
    .input(SsoDomainSchema)
    .mutation(({ ctx, input }) => setSsoDomain(ctx, actingTeam(ctx), input)),
  checkDomain: authedProcedure
    .meta({ teamRole: 'owner' })
    .mutation(({ ctx }) => checkSsoDomain(ctx, actingTeam(ctx))),
  saveOidc: authedProcedure
    .meta({ teamRole: 'owner' })
    .input(OidcProviderSchema)
    .mutation(({ ctx, input }) => saveOidcProvider(ctx, actingTeam(ctx), input)),
  removeProvider: authedProcedure
    .meta({ teamRole: 'owner' })
    .mutation(({ ctx }) => removeOidcProvider(ctx, actingTeam(ctx))),
  setRequired: authedProcedure
    .meta({ teamRole: 'owner' })
    .input(SsoRequiredSchema)
    .mutation(({ ctx, input }) => setSsoRequired(ctx, actingTeam(ctx), input)),
});
