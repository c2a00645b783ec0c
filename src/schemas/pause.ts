import { z } from 'zod';
import { PAUSABLE_KINDS } from '../pauses.ts';

// Choosing which items stay live within a plan's limit (docs/decisions/013-pause-never-delete.md,
// src/pauses.ts).

/** Keep a paused item live in place of `pausing`, the live item the dashboard said would be paused. */
export const KeepLiveSchema = z.object({
  kind: z.enum(PAUSABLE_KINDS),
  id: z.uuid(),
  pausing: z.uuid(),
});
export type KeepLiveInput = z.output<typeof KeepLiveSchema>;
