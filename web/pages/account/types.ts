import type { RouterOutputs } from '../../lib/trpc.ts';

/** The signed-in person's profile as profile.me answers it. */
export type Profile = RouterOutputs['profile']['me'];
