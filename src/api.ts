// Limits of the client-server API that both sides must agree on.

/** Most calls one batched tRPC request may carry: the server refuses more, the client never sends more. */
export const TRPC_MAX_BATCH_SIZE = 20;
