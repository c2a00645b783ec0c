import { RemovePasskeySchema, RenamePasskeySchema } from '../../src/schemas/passkey.ts';
import { authedProcedure, router } from '../trpc/init.ts';
import { listPasskeys, removePasskey, renamePasskey } from './service.ts';

export const passkeysRouter = router({
  list: authedProcedure.query(({ ctx }) => listPasskeys(ctx)),
  rename: authedProcedure.input(RenamePasskeySchema).mutation(({ ctx, input }) => renamePasskey(ctx, input)),
  remove: authedProcedure.input(RemovePasskeySchema).mutation(({ ctx, input }) => removePasskey(ctx, input)),
});
