import type { RouterOutputs } from '../../lib/trpc.ts';

/** A profile link as links.profileLinks answers it. */
export type ProfileLinkRow = RouterOutputs['links']['profileLinks']['items'][number];
