import { KeepLiveSchema } from '../../src/schemas/pause.ts';
import { authedProcedure, router } from '../trpc/init.ts';
import { keepLive } from './service.ts';

export const pausesRouter = router({
  keepLive: authedProcedure.input(KeepLiveSchema).mutation(({ ctx, input }) => keepLive(ctx, input)),
});
