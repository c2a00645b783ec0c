import type { RouterOutputs } from '../../lib/trpc.ts';

/** A vCard as vcards.list answers it. */
export type VcardRow = RouterOutputs['vcards']['list']['vcards'][number];
