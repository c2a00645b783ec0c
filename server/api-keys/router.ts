import { CreateApiKeySchema, RenameApiKeySchema, RevokeApiKeySchema } from '../../src/api-keys.ts';
import { authedProcedure, router } from '../trpc/init.ts';
import { createApiKey, listApiKeys, renameApiKey, revokeApiKey } from './service.ts';

// Only a new key needs apiAccess: an account whose Business plan ended still sees and revokes the keys it
// made (they are refused with plan_required on use meanwhile: server/api-keys/verify.ts).
export const apiKeysRouter = router({
  list: authedProcedure.query(({ ctx }) => listApiKeys(ctx)),
  create: authedProcedure
    .meta({ feature: 'apiAccess' })
    .input(CreateApiKeySchema)
    .mutation(({ ctx, input }) => createApiKey(ctx, input)),
  rename: authedProcedure.input(RenameApiKeySchema).mutation(({ ctx, input }) => renameApiKey(ctx, input)),
  revoke: authedProcedure.input(RevokeApiKeySchema).mutation(({ ctx, input }) => revokeApiKey(ctx, input)),
});
