import { authedProcedure, router } from '../trpc/init.ts';
import { watchChanges } from './service.ts';

export const liveRouter = router({
  /** Server-sent events: which kinds of the user's data changed (web/components/dashboard/use-live-updates.ts). */
  changes: authedProcedure.subscription(({ ctx, signal }) => {
    // the request's signal is what ends the stream (the HTTP adapter always passes one)
    if (!signal) throw new Error('live.changes needs an abort signal');
    return watchChanges(ctx, signal);
  }),
});
