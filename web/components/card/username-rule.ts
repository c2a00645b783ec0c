import type { z } from 'zod';
import type { PlanId } from '#src/plans.ts';
import { usernameProblem } from '#src/username.ts';

/**
 * A form schema that also judges its username by the rules of the person's plan. The shared schemas
 * carry only the text, because the rules depend on the plan (src/schemas/card.ts); the server applies
 * usernameProblem the same way.
 */
export function withUsernameRule<Schema extends z.ZodType<{ username: string }>>(
  schema: Schema,
  plan: PlanId,
): Schema {
  return schema.superRefine(({ username }, context) => {
    const problem = usernameProblem(username, plan);
    if (problem) context.addIssue({ code: 'custom', path: ['username'], message: problem });
  });
}
