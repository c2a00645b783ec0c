// Limits of the client-server API that both sides must agree on.

/** Most calls one batched tRPC request may carry: the server refuses more, the client never sends more. */
export const TRPC_MAX_BATCH_SIZE = 20;

/**
 * The answer to a sign-up carries the ticket of the e-mail it queued in this header (one for every
 * address, new or registered); the waiting screen asks with it whether the e-mail could be sent.
 */
export const MAIL_TICKET_HEADER = 'x-mail-ticket';
