import { CheckoutSchema } from '../../src/schemas/billing.ts';
import { authedProcedure, router } from '../trpc/init.ts';
import {
  billingDetails,
  billingStatus,
  chooseFree,
  createCheckout,
  createPortal,
  resumeSubscription,
} from './service.ts';

export const billingRouter = router({
  status: authedProcedure.query(({ ctx }) => billingStatus(ctx)),
  details: authedProcedure.query(({ ctx }) => billingDetails(ctx)),
  chooseFree: authedProcedure.mutation(({ ctx }) => chooseFree(ctx)),
  createCheckout: authedProcedure
    .input(CheckoutSchema)
    .mutation(({ ctx, input }) => createCheckout(ctx, input)),
  portal: authedProcedure.mutation(({ ctx }) => createPortal(ctx)),
  /** Undoes a cancellation while its period runs ('Don't cancel'). */
  resume: authedProcedure.mutation(({ ctx }) => resumeSubscription(ctx)),
});
