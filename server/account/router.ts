import { DeleteAccountSchema } from '../../src/schemas/auth.ts';
import { authedProcedure, router } from '../trpc/init.ts';
import { deleteAccount } from './service.ts';

export const accountRouter = router({
  delete: authedProcedure.input(DeleteAccountSchema).mutation(({ ctx, input }) => deleteAccount(ctx, input)),
});
