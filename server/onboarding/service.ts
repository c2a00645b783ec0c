import { AppError } from '../lib/errors.ts';
import type { ServiceContext } from '../lib/app-deps.ts';

// Onboarding's progress (docs/decisions/014-onboarding-resumes.md), kept on the profile so that any sign-in
// on any device resumes it: step 2 marks `plan_chosen` (billing's chooseFree and createCheckout), step 3's
// card (profile.createCard) or its 'Skip for now' marks `initialized`. Every change is published as
// 'cards', so the person's other tabs follow.

/**
 * Step 3's 'Skip for now': onboarding is finished without a card, which the dashboard then offers to
 * make. Throws conflict while no plan is chosen (step 2 has no skip).
 */
export async function skipCard(ctx: ServiceContext): Promise<void> {
  const result = await ctx.db
    .updateTable('profiles')
    .set({ initialized: true, updated_at: new Date() })
    .where('id', '=', ctx.user.id)
    .where('plan_chosen', '=', true)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) throw new AppError('conflict');
  ctx.changes.publish({ userId: ctx.user.id, topic: 'cards' });
}

/**
 * Step 3's 'Choose another plan' (and a cancelled checkout): back to step 2, forgetting a paid plan that
 * still waits for its payment. Throws conflict once onboarding is finished.
 */
export async function reopenPlanChoice(ctx: ServiceContext): Promise<void> {
  const result = await ctx.db
    .updateTable('profiles')
    .set({ plan_chosen: false, chosen_plan: null, updated_at: new Date() })
    .where('id', '=', ctx.user.id)
    .where('initialized', '=', false)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) throw new AppError('conflict');
  ctx.changes.publish({ userId: ctx.user.id, topic: 'cards' });
}

/** The dashboard has greeted the person with "Welcome": from now on it says "Welcome back". */
export async function markWelcomed(ctx: ServiceContext): Promise<void> {
  await ctx.db
    .updateTable('profiles')
    .set({ welcomed_at: new Date() })
    .where('id', '=', ctx.user.id)
    .where('welcomed_at', 'is', null)
    .execute();
}
