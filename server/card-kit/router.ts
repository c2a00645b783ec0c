import { CardSignaturesSchema } from '../../src/schemas/card-kit.ts';
import { authedProcedure, router } from '../trpc/init.ts';
import { cardSignatures, teamBackgroundCards } from './service.ts';

// A card's signatures (whoever may edit the card, on a plan with cardKit: the service checks the card's
// account), and for the team's owner and admins the members whose backgrounds the team's ZIP holds.
export const cardKitRouter = router({
  signatures: authedProcedure
    .input(CardSignaturesSchema)
    .query(({ ctx, input }) => cardSignatures(ctx, input)),
  teamBackgrounds: authedProcedure
    .meta({ teamRole: 'admin' })
    .query(async ({ ctx }) => ({ count: (await teamBackgroundCards(ctx, ctx.user.id)).cards.length })),
});
