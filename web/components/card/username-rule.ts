import type { z } from 'zod';
import type { PlanId } from '#src/plans.ts';
import { usernameChangeProblem } from '#src/username.ts';

/**
 * A form schema that also judges a new username by the rules of the person's plan (the one they have,
 * `savedUsername`, stays valid after a downgrade). The shared schemas carry only the text, because the
 * rules depend on the plan (src/schemas/card.ts); the server applies usernameChangeProblem the same way.
 */
export function withUsernameRule<Schema extends z.ZodType<{ username: string }>>(
  schema: Schema,
  plan: PlanId,
  savedUsername: string | null,
): Schema {
  return schema.superRefine(({ username }, context) => {
    const problem = usernameChangeProblem(username, plan, savedUsername);
    if (problem) context.addIssue({ code: 'custom', path: ['username'], message: problem });
  });
}
