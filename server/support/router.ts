import { SupportMessageSchema } from '../../src/schemas/support.ts';
import { authedProcedure, router } from '../trpc/init.ts';
import { sendSupportMessage } from './service.ts';

export const supportRouter = router({
  /** The contact form of /dashboard/support. */
  send: authedProcedure
    .input(SupportMessageSchema)
    .mutation(({ ctx, input }) => sendSupportMessage(ctx, input)),
});
