import type { RouterOutputs } from '../../lib/trpc.ts';

/** A QR code as links.qrCodes answers it. */
export type QrCodeRow = RouterOutputs['links']['qrCodes']['items'][number];
