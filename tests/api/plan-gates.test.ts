import type { Auth } from '../../server/auth/auth.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planUnlocking, type PlanFeature } from '../../src/plans.ts';
import { AppError } from '../../server/lib/errors.ts';
import { authedProcedure, createCallerFactory, router, type ProcedureMeta } from '../../server/trpc/init.ts';
import { appRouter } from '../../server/app-router.ts';
import { createOwner, createSignedInOwner, endTrial, setPlan } from '../support/factories.ts';
import { buildTestApp, depsOf, trpcError, trpcMutate, trpcQuery, type TestApp } from '../support/harness.ts';

// The one plan gate (docs/decisions/015-what-each-plan-feature-is.md): a procedure declares its feature in
// its meta, and a lower plan is refused with plan_required before its input is read, so nothing changes.

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t?.close();
});

interface ProcedureDef {
  type: 'query' | 'mutation' | 'subscription';
  meta?: ProcedureMeta;
}

/** Every procedure of the app that a plan feature gates, read from the router itself. */
function gatedProcedures(): { path: string; type: ProcedureDef['type']; feature: PlanFeature }[] {
  // at run time the router keeps every procedure under its dotted path
  const procedures = appRouter._def.procedures as unknown as Record<string, { _def: ProcedureDef }>;
  return Object.entries(procedures).flatMap(([path, procedure]) => {
    const feature = procedure._def.meta?.feature;
    return feature ? [{ path, type: procedure._def.type, feature }] : [];
  });
}

/** The account's rows a refused call must leave as they were. */
async function accountSnapshot(userId: string) {
  const [profile, vcards, links] = await Promise.all([
    t.db.selectFrom('profiles').selectAll().where('id', '=', userId).executeTakeFirstOrThrow(),
    t.db.selectFrom('vcards').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
    t.db.selectFrom('links').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
  ]);
  return { profile, vcards, links };
}

describe('the gate of a procedure with a feature in its meta', () => {
  const gated = router({
    branded: authedProcedure.meta({ feature: 'customBranding' }).query(() => 'designed'),
    teams: authedProcedure.meta({ feature: 'teamAccess' }).query(() => 'team'),
    open: authedProcedure.query(() => 'open'),
  });
  const callerFor = async (userId: string) =>
    createCallerFactory(gated)({
      ...(await depsOf(t)),
      // these procedures never call better-auth
      auth: {} as Auth,
      user: { id: userId, email: `${userId}@example.com`, name: 'Ada' },
      clientAddress: '127.0.0.1',
    });

  it('lets a plan that includes the feature through, and refuses a lower one with the plan that has it', async () => {
    const owner = await createOwner(t.db, { plan: 'pro' });
    const caller = await callerFor(owner.id);
    await expect(caller.branded()).resolves.toBe('designed');
    await expect(caller.open()).resolves.toBe('open');
    const refusal = await caller.teams().catch((error: unknown) => error);
    expect((refusal as { cause?: unknown }).cause).toBeInstanceOf(AppError);
    expect((refusal as { cause: AppError }).cause.reason).toBe('plan_required');
    expect((refusal as { cause: AppError }).cause.meta).toEqual({ feature: 'teamAccess', plan: 'business' });
  });

  it('counts a paid plan that ended and an expired trial as free', async () => {
    const ended = await createOwner(t.db, { plan: 'pro' });
    await setPlan(t.db, ended.id, 'pro', new Date(Date.now() - 60_000));
    const expired = await createOwner(t.db, { plan: 'free' });
    await endTrial(t.db, expired.id);
    for (const owner of [ended, expired]) {
      const caller = await callerFor(owner.id);
      await expect(caller.branded()).rejects.toMatchObject({ cause: { reason: 'plan_required' } });
      await expect(caller.open()).resolves.toBe('open');
    }
  });
});

describe('every gated procedure of the app', () => {
  const procedures = gatedProcedures();

  it.each(procedures)('$path refuses a Free account with plan_required and changes nothing', async (gate) => {
    const owner = await createSignedInOwner(t, { plan: 'free' });
    const before = await accountSnapshot(owner.userId);
    const response =
      gate.type === 'query'
        ? await trpcQuery(t.app, gate.path, owner.cookie, {})
        : await trpcMutate(t.app, gate.path, owner.cookie, {});
    expect(response.statusCode).toBe(403);
    const error = trpcError(response);
    expect(error.data.reason).toBe('plan_required');
    expect(error.data.meta).toEqual({ feature: gate.feature, plan: planUnlocking(gate.feature) });
    expect(await accountSnapshot(owner.userId)).toEqual(before);
  });
});
