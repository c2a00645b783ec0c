import { z } from 'zod';
import { DeleteAccountSchema, EMAIL_MAX_LENGTH } from '../../src/schemas/auth.ts';
import { dismissUndeliveredMail, listUndeliveredMail } from '../mail/outbox.ts';
import { authedProcedure, router } from '../trpc/init.ts';
import { deleteAccount } from './service.ts';

export const accountRouter = router({
  delete: authedProcedure.input(DeleteAccountSchema).mutation(({ ctx, input }) => deleteAccount(ctx, input)),
  /** The account's e-mails that could not be sent, after every retry (server/mail/outbox.ts). */
  undeliveredMail: authedProcedure.query(({ ctx }) => listUndeliveredMail(ctx.db, ctx.user.id)),
  dismissUndeliveredMail: authedProcedure
    .input(z.object({ recipient: z.string().min(1).max(EMAIL_MAX_LENGTH) }))
    .mutation(({ ctx, input }) => dismissUndeliveredMail(ctx.db, ctx.user.id, input.recipient)),
});
