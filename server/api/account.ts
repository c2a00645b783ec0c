import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PLAN_IDS } from '../../src/plans.ts';
import { API_KEY_OWNERS, API_KEY_SCOPES } from '../../src/api-keys.ts';
import { PersonalInfoSchema } from '../../src/schemas/profile.ts';
import { requirePersonalKey, type ApiCaller } from '../api-keys/verify.ts';
import { planInEffectOf } from '../access/plan-gate.ts';
import type { AppDeps } from '../lib/app-deps.ts';
import { updatePersonalInfo } from '../profile/service.ts';
import { keepPatchBody, PATCH_DESCRIPTION, patchBodySchema, patchedValues } from './merge-patch.ts';
import { callerOf, serviceContextOf, type ApiDeps } from './context.ts';
import { apiSchemas, problemResponses } from './openapi.ts';

const AccountSchema = z
  .object({
    id: z.string(),
    kind: z.enum(API_KEY_OWNERS).meta({ description: "Whose the key is: a person's account or a team's." }),
    plan: z.enum(PLAN_IDS),
    scopes: z.array(z.enum(API_KEY_SCOPES)).meta({ description: "The key's scopes." }),
    name: z.string().nullable(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    version: z.int().meta({ description: 'The `baseVersion` of a PATCH.' }),
  })
  .register(apiSchemas, { id: 'Account' });

const PersonalInfoBodySchema = PersonalInfoSchema.strict();

/** GET and PATCH /api/v1/me: the key's account, and its personal information (profile.updatePersonalInfo). */
export function registerAccountRoutes(scope: FastifyInstance, deps: ApiDeps): void {
  const api = scope.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/me',
    {
      schema: {
        tags: ['account'],
        summary: "The key's account",
        response: { 200: AccountSchema, ...problemResponses() },
      },
    },
    async (request) => describeAccount(deps, callerOf(request)),
  );
  api.patch(
    '/me',
    {
      preValidation: keepPatchBody,
      schema: {
        tags: ['account'],
        summary: "Change the first or last name of the key's person",
        description: PATCH_DESCRIPTION,
        body: patchBodySchema(PersonalInfoBodySchema),
        response: { 200: AccountSchema, ...problemResponses('edit_conflict', 'payload_too_large') },
      },
    },
    async (request) => {
      // a team's account has no person's name
      requirePersonalKey(callerOf(request));
      const ctx = serviceContextOf(deps, request);
      const stored = await deps.db
        .selectFrom('profiles')
        .select(['first_name', 'last_name', 'version'])
        .where('id', '=', ctx.user.id)
        .executeTakeFirstOrThrow();
      const values = patchedValues(
        PersonalInfoBodySchema,
        { firstName: stored.first_name ?? '', lastName: stored.last_name ?? '' },
        stored.version,
        request,
      );
      await updatePersonalInfo(ctx, values);
      return describeAccount(deps, callerOf(request));
    },
  );
}

/**
 * The key's account (a person's or a team's: `kind`): what GET /api/v1/me answers (the version is the
 * `baseVersion` of a PATCH).
 */
async function describeAccount(deps: AppDeps, caller: ApiCaller) {
  const [profile, plan] = await Promise.all([
    deps.db
      .selectFrom('profiles')
      .select(['first_name', 'last_name', 'name', 'version'])
      .where('id', '=', caller.account.id)
      .executeTakeFirstOrThrow(),
    planInEffectOf(deps, caller.account.id),
  ]);
  return {
    id: caller.account.id,
    kind: caller.account.kind,
    plan,
    scopes: caller.scopes,
    name: profile.name,
    firstName: profile.first_name,
    lastName: profile.last_name,
    version: profile.version,
  };
}
