import { SupportMessageSchema, VisitorSupportMessageSchema } from '../../src/schemas/support.ts';
import { authedProcedure, publicProcedure, router } from '../trpc/init.ts';
import { sendSupportMessage, sendVisitorMessage } from './service.ts';

export const supportRouter = router({
  /** The contact form of /dashboard/support. */
  send: authedProcedure
    .input(SupportMessageSchema)
    .mutation(({ ctx, input }) => sendSupportMessage(ctx, input)),
  /** The public contact form of /contact, for visitors without an account. */
  sendAsVisitor: publicProcedure
    .input(VisitorSupportMessageSchema)
    .mutation(({ ctx, input }) => sendVisitorMessage(ctx, ctx.clientAddress, input)),
});
