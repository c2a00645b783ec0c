import { publicProcedure, router } from '../trpc/init.ts';
import { walletProviders } from '../../src/wallet.ts';

export const walletRouter = router({
  /** Which "Add to wallet" buttons to show: only the wallets this server makes passes for. */
  providers: publicProcedure.query(({ ctx }) => walletProviders(ctx.config.wallet)),
});
