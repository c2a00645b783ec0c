import { AddDomainSchema, DomainIdSchema, ListDomainsSchema } from '../../src/schemas/domain.ts';
import { authedProcedure, router } from '../trpc/init.ts';
import { addDomain, checkDomainNow, listDomains, removeDomain } from './service.ts';

// Each procedure takes whose domains (`owner`: the person's, or their team's for its owner and admins).
// Only a new domain needs customDomain, of the account it is for (a team's is its owner's plan: the service
// checks it): an account whose Business plan ended still sees, checks and removes the domains it added.
export const domainsRouter = router({
  list: authedProcedure.input(ListDomainsSchema).query(({ ctx, input }) => listDomains(ctx, input)),
  add: authedProcedure.input(AddDomainSchema).mutation(({ ctx, input }) => addDomain(ctx, input)),
  remove: authedProcedure.input(DomainIdSchema).mutation(({ ctx, input }) => removeDomain(ctx, input)),
  check: authedProcedure.input(DomainIdSchema).mutation(({ ctx, input }) => checkDomainNow(ctx, input)),
});
