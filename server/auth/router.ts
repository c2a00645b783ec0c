import { z } from 'zod';
import { sendsToDevMailbox } from '../mail/mailer.ts';
import { mailStatus } from '../mail/outbox.ts';
import { passkeyRelyingParty, passkeysOffReason } from '../passkeys/relying-party.ts';
import { publicProcedure, router } from '../trpc/init.ts';

export const authRouter = router({
  /**
   * Which sign-in buttons to show (docs/decisions/007-security-beyond-the-spec.md: only what works on this
   * server): the social providers configured here, and passkeys where PUBLIC_URL allows them; where it does
   * not, why (the account page says so where its Passkeys section would be). And whether this server's
   * e-mails go to the dev mailbox.
   */
  providers: publicProcedure.query(({ ctx }) => ({
    google: ctx.config.oauth.google !== undefined,
    apple: ctx.config.oauth.apple !== undefined,
    passkey: passkeyRelyingParty(ctx.config.publicUrl) !== null,
    passkeysOff: passkeysOffReason(ctx.config.publicUrl),
    // the waiting screen links the dev mailbox where the e-mails go there
    devMailbox: sendsToDevMailbox(ctx.config),
  })),
  /**
   * What became of the e-mail a sign-up queued, asked by the waiting screen with the ticket of the
   * sign-up's answer (only its sender has it): queued, retrying, sent or failed; null for no such ticket.
   */
  mailStatus: publicProcedure
    .input(z.object({ ticket: z.uuid() }))
    .query(async ({ ctx, input }) => ({ status: await mailStatus(ctx.db, input.ticket) })),
});
