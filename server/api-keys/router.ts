import { CreateApiKeySchema, RenameApiKeySchema, RevokeApiKeySchema } from '../../src/api-keys.ts';
import { authedProcedure, router } from '../trpc/init.ts';
import { createApiKey, listApiKeys, renameApiKey, revokeApiKey } from './service.ts';

const keysProcedure = authedProcedure.meta({ feature: 'apiAccess' });

export const apiKeysRouter = router({
  list: keysProcedure.query(({ ctx }) => listApiKeys(ctx)),
  create: keysProcedure.input(CreateApiKeySchema).mutation(({ ctx, input }) => createApiKey(ctx, input)),
  rename: keysProcedure.input(RenameApiKeySchema).mutation(({ ctx, input }) => renameApiKey(ctx, input)),
  revoke: keysProcedure.input(RevokeApiKeySchema).mutation(({ ctx, input }) => revokeApiKey(ctx, input)),
});
