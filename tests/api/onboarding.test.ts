import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../db/migrations/index.ts';
import {
  buildTestApp,
  injectFromApp,
  signIn,
  signUp,
  trpcData,
  trpcError,
  trpcMutate,
  trpcQuery,
  type TestApp,
} from '../support/harness.ts';
import { cardStepInput, createOwner } from '../support/factories.ts';

// Onboarding that cannot be lost (docs/decisions/014-onboarding-resumes.md): the server keeps the step, only
// the card (or 'Skip for now') finishes it, checkout returns to it, and the dashboard greets once.

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t?.close();
});

const mutate = (path: string, cookie: string, input?: unknown) => trpcMutate(t.app, path, cookie, input);

interface OwnProfile {
  initialized: boolean;
  plan_type: string;
  plan_chosen: boolean;
  chosen_plan: string | null;
  welcomed_at: Date | null;
  has_vcard: boolean;
  onboarding_step: string;
}

async function me(cookie: string): Promise<OwnProfile> {
  const response = await trpcQuery(t.app, 'profile.me', cookie);
  expect(response.statusCode, response.body).toBe(200);
  return trpcData<OwnProfile>(response);
}

/** A second session of the same person, as another device signing in gets. */
const demoCheckout = (cookie: string, action: 'pay' | 'cancel') =>
  injectFromApp(t.app, {
    method: 'POST',
    url: '/billing/demo/checkout',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ plan: 'pro', interval: 'month', action }).toString(),
  });

describe('the stored step', () => {
  it('starts at the plan step, and the free plan moves it to the card step on every device', async () => {
    const { cookie, email } = await signUp(t.app);
    expect(await me(cookie)).toMatchObject({
      onboarding_step: 'plan',
      initialized: false,
      plan_chosen: false,
      has_vcard: false,
    });

    expect((await mutate('billing.chooseFree', cookie)).statusCode).toBe(200);
    const elsewhere = await signIn(t.app, email);
    expect(await me(elsewhere)).toMatchObject({
      onboarding_step: 'card',
      plan_chosen: true,
      chosen_plan: null,
      initialized: false,
    });
  });

  it('keeps a paid plan waiting for its payment at the card step, and applies it once paid', async () => {
    const { cookie, email } = await signUp(t.app);
    const checkout = await mutate('billing.createCheckout', cookie, { plan: 'pro', interval: 'month' });
    expect(checkout.statusCode).toBe(200);
    const elsewhere = await signIn(t.app, email);
    expect(await me(elsewhere)).toMatchObject({
      onboarding_step: 'card',
      plan_type: 'free',
      chosen_plan: 'pro',
      initialized: false,
    });

    const paid = await demoCheckout(cookie, 'pay');
    expect(paid.statusCode).toBe(303);
    // the checkout's return page brings the unfinished onboarding back to its card step
    expect(paid.headers.location).toBe('/onboarding?checkout=success');
    expect(await me(elsewhere)).toMatchObject({
      onboarding_step: 'card',
      plan_type: 'pro',
      chosen_plan: null,
      initialized: false,
    });
  });

  it('goes back to the plan step on request, forgetting the paid plan on its way', async () => {
    const { cookie } = await signUp(t.app);
    await mutate('billing.createCheckout', cookie, { plan: 'business', interval: 'year' });
    const cancelled = await demoCheckout(cookie, 'cancel');
    expect(cancelled.headers.location).toBe('/onboarding?checkout=cancelled');

    expect((await mutate('onboarding.reopenPlanChoice', cookie)).statusCode).toBe(200);
    expect(await me(cookie)).toMatchObject({ onboarding_step: 'plan', chosen_plan: null, plan_type: 'free' });
  });
});

describe('finishing', () => {
  it('is never done by choosing or paying for a plan, only by the card', async () => {
    const { cookie } = await signUp(t.app);
    await mutate('billing.createCheckout', cookie, { plan: 'pro', interval: 'year' });
    await demoCheckout(cookie, 'pay');
    await mutate('billing.chooseFree', cookie);
    expect((await me(cookie)).initialized).toBe(false);

    const created = await mutate('profile.createCard', cookie, cardStepInput());
    expect(created.statusCode, created.body).toBe(200);
    expect(await me(cookie)).toMatchObject({ onboarding_step: 'done', initialized: true, has_vcard: true });
  });

  it('finishes without a card by Skip for now, which needs a chosen plan', async () => {
    const { cookie, userId } = await signUp(t.app);
    const early = await mutate('onboarding.skipCard', cookie);
    expect(early.statusCode).toBe(409);
    expect(trpcError(early).data.reason).toBe('conflict');
    expect((await me(cookie)).initialized).toBe(false);

    await mutate('billing.chooseFree', cookie);
    expect((await mutate('onboarding.skipCard', cookie)).statusCode).toBe(200);
    expect(await me(cookie)).toMatchObject({ onboarding_step: 'done', initialized: true, has_vcard: false });
    const vcards = await t.db.selectFrom('vcards').select('id').where('user_id', '=', userId).execute();
    expect(vcards).toEqual([]);

    // done is done: no way back to the plan step
    const reopened = await mutate('onboarding.reopenPlanChoice', cookie);
    expect(trpcError(reopened).data.reason).toBe('conflict');
    expect(await me(cookie)).toMatchObject({ onboarding_step: 'done', plan_chosen: true });
  });

  it('changes only the caller’s own onboarding', async () => {
    const first = await signUp(t.app);
    const second = await signUp(t.app);
    await mutate('billing.chooseFree', first.cookie);
    await mutate('billing.chooseFree', second.cookie);
    await mutate('onboarding.skipCard', first.cookie);
    await mutate('onboarding.markWelcomed', first.cookie);
    expect(await me(second.cookie)).toMatchObject({
      onboarding_step: 'card',
      initialized: false,
      welcomed_at: null,
    });
  });

  it('sends a finished onboarding’s checkout back to the billing page', async () => {
    const { cookie } = await signUp(t.app);
    await mutate('billing.chooseFree', cookie);
    await mutate('onboarding.skipCard', cookie);
    await mutate('billing.createCheckout', cookie, { plan: 'pro', interval: 'month' });
    expect((await demoCheckout(cookie, 'pay')).headers.location).toBe('/dashboard/billing?checkout=success');
  });

  it('refuses every onboarding call without a session', async () => {
    for (const path of ['onboarding.skipCard', 'onboarding.reopenPlanChoice', 'onboarding.markWelcomed']) {
      const response = await injectFromApp(t.app, {
        method: 'POST',
        url: `/api/trpc/${path}`,
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(response.statusCode, path).toBe(401);
    }
  });
});

describe('the dashboard greeting', () => {
  it('is "Welcome" once: the first visit is kept with its time', async () => {
    const { cookie } = await signUp(t.app);
    expect((await me(cookie)).welcomed_at).toBeNull();
    expect((await mutate('onboarding.markWelcomed', cookie)).statusCode).toBe(200);
    const first = (await me(cookie)).welcomed_at;
    expect(first).toBeInstanceOf(Date);
    await mutate('onboarding.markWelcomed', cookie);
    expect((await me(cookie)).welcomed_at).toEqual(first);
  });
});

// last in this file: it takes the columns away and puts them back
describe('the migration that keeps the step', () => {
  it('puts accounts with a paid plan past the plan step, and finished ones also past the greeting', async () => {
    const migration = migrations['2026-11-23T0400_store_onboarding_progress'];
    if (!migration?.down) throw new Error('the migration is missing');
    await migration.down(t.db);
    const finished = await createOwner(t.db, { plan: 'free', initialized: true });
    const paid = await createOwner(t.db, { plan: 'pro', initialized: false });
    const waiting = await createOwner(t.db, { plan: 'free', initialized: false });
    await t.db
      .updateTable('profiles')
      .set({ chosen_plan: 'business' })
      .where('id', '=', waiting.id)
      .execute();
    const fresh = await createOwner(t.db, { plan: 'free', initialized: false });
    await migration.up(t.db);

    const rows = await t.db
      .selectFrom('profiles')
      .select(['id', 'plan_chosen', 'welcomed_at'])
      .where('id', 'in', [finished.id, paid.id, waiting.id, fresh.id])
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(finished.id)).toMatchObject({ plan_chosen: true, welcomed_at: expect.any(Date) });
    expect(byId.get(paid.id)).toMatchObject({ plan_chosen: true, welcomed_at: null });
    expect(byId.get(waiting.id)).toMatchObject({ plan_chosen: true, welcomed_at: null });
    // a free plan cannot be told from no choice: asked again
    expect(byId.get(fresh.id)).toMatchObject({ plan_chosen: false, welcomed_at: null });
  });
});
