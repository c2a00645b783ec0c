import type { RouterOutputs } from '../../lib/trpc.ts';

/** The profile links as links.profileLinks answers them. */
export type ProfileLinkList = RouterOutputs['links']['profileLinks'];

/** A profile link as links.profileLinks answers it. */
export type ProfileLinkRow = ProfileLinkList['items'][number];
