import { CheckoutSchema } from '../../src/schemas/billing.ts';
import { authedProcedure, router } from '../trpc/init.ts';
import {
  billingDetails,
  billingStatus,
  cancelSubscriptionAtPeriodEnd,
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
  /** Ends the subscription at its period's end (offered when a team's ownership moves on). */
  cancelAtPeriodEnd: authedProcedure.mutation(({ ctx }) => cancelSubscriptionAtPeriodEnd(ctx)),
});
