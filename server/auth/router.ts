import { passkeyRelyingParty } from '../passkeys/relying-party.ts';
import { publicProcedure, router } from '../trpc/init.ts';

export const authRouter = router({
  /**
   * Which sign-in buttons to show (DECISIONS.md: only what works on this server): the social providers
   * configured here, and passkeys where PUBLIC_URL allows them.
   */
  providers: publicProcedure.query(({ ctx }) => ({
    google: ctx.config.oauth.google !== undefined,
    apple: ctx.config.oauth.apple !== undefined,
    passkey: passkeyRelyingParty(ctx.config.publicUrl) !== null,
  })),
});
