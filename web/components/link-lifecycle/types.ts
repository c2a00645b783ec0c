import type { RouterOutputs } from '../../lib/trpc.ts';

/**
 * A QR code or profile link as the dashboard lists them, with what its schedule and rules show: a vCard's
 * own QR code has none (the server refuses them), so it is never one of these.
 */
export type LifecycleLink = Pick<
  RouterOutputs['links']['qrCodes']['items'][number],
  'id' | 'title' | 'version' | 'scanCount' | 'clickCount' | 'lifecycle'
>;

/** A link's lifecycle as the lists answer it. */
export type StoredLifecycle = LifecycleLink['lifecycle'];
