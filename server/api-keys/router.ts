import {
  CreateApiKeySchema,
  ListApiKeysSchema,
  RenameApiKeySchema,
  RevokeApiKeySchema,
} from '../../src/api-keys.ts';
import { authedProcedure, router } from '../trpc/init.ts';
import { createApiKey, listApiKeys, renameApiKey, revokeApiKey } from './service.ts';

// Each procedure takes whose keys (`owner`: the person's, or their team's for its owner and admins). Only a
// new key needs apiAccess, of the account it is for (a team's is its owner's plan: the service checks it, as
// a procedure's meta knows only the caller's own plan): an account whose Business plan ended still sees and
// revokes the keys it made (they are refused with plan_required on use meanwhile: server/api-keys/verify.ts).
export const apiKeysRouter = router({
  list: authedProcedure.input(ListApiKeysSchema).query(({ ctx, input }) => listApiKeys(ctx, input)),
  create: authedProcedure.input(CreateApiKeySchema).mutation(({ ctx, input }) => createApiKey(ctx, input)),
  rename: authedProcedure.input(RenameApiKeySchema).mutation(({ ctx, input }) => renameApiKey(ctx, input)),
  revoke: authedProcedure.input(RevokeApiKeySchema).mutation(({ ctx, input }) => revokeApiKey(ctx, input)),
});
