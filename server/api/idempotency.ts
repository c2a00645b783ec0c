import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../lib/errors.ts';
import { callerOf, type ApiDeps } from './context.ts';

// `Idempotency-Key` on the REST API's creates (IETF draft "The Idempotency-Key HTTP Header Field"): the
// first answer to a key is kept (api_idempotency_keys) and answers every retry of the same request, so a
// client that lost an answer can send its create again without making a second object.

/** How long a key's answer is kept: 24 hours (the clean-up removes older ones: server/cleanup/service.ts). */
export const IDEMPOTENCY_KEY_DAYS = 1;

export const IDEMPOTENCY_REPLAYED_HEADER = 'idempotent-replayed';

export const IdempotencyHeadersSchema = z.object({
  'idempotency-key': z
    .string()
    .min(1)
    .max(255)
    .optional()
    .meta({
      description: `Sent again with the same body within ${IDEMPOTENCY_KEY_DAYS * 24} h: the first answer.`,
    }),
});

interface Answer<Body> {
  status: number;
  body: Body;
}

/** The content type Fastify gives a serialized JSON answer, which a replay carries as the first did. */
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** The first answer as kept: its headers and its body as sent (the bytes, not the object, so a replay is the same). */
const StoredAnswerSchema = z.object({ headers: z.record(z.string(), z.string()), payload: z.string() });

/** What makes two requests the same: method, path and body (the body as parsed, so spacing does not count). */
function requestHash(request: FastifyRequest): string {
  return createHash('sha256')
    .update(JSON.stringify([request.method, request.url, request.body ?? null]))
    .digest('base64url');
}

/**
 * Runs a create once per `Idempotency-Key` of the account. The key is claimed before the create (so two
 * requests with it at once make one object: the second is a 409 conflict while the first runs), its answer
 * stored after it; a create that fails frees the key, as nothing was made. The same key with another
 * request: 422 idempotency_key_reused.
 */
export async function withIdempotency<Body>(
  deps: ApiDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  create: () => Promise<Answer<Body>>,
): Promise<Body | FastifyReply> {
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string') return send(reply, await create());
  const userId = callerOf(request).account.id;
  const hash = requestHash(request);
  const claimed = await deps.db
    .insertInto('api_idempotency_keys')
    .values({ user_id: userId, key, request_hash: hash })
    .onConflict((conflict) => conflict.columns(['user_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  if (!claimed) return replay(deps, reply, userId, key, hash);
  const owned = deps.db
    .updateTable('api_idempotency_keys')
    .where('user_id', '=', userId)
    .where('key', '=', key);
  let answer: Answer<Body>;
  try {
    answer = await create();
  } catch (error) {
    await deps.db
      .deleteFrom('api_idempotency_keys')
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .execute();
    throw error;
  }
  const sent = send(reply, answer);
  // serialized by the route's own response serializer for the status, as Fastify will send it
  const stored = {
    headers: { 'content-type': JSON_CONTENT_TYPE },
    payload: reply.serialize(sent),
  };
  await owned.set({ status: answer.status, body: JSON.stringify(stored) }).execute();
  return sent;
}

async function replay(
  deps: ApiDeps,
  reply: FastifyReply,
  userId: string,
  key: string,
  hash: string,
): Promise<FastifyReply> {
  const first = await deps.db
    .selectFrom('api_idempotency_keys')
    .select(['request_hash', 'status', 'body'])
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();
  // freed meanwhile (the first create failed): the client sends it again
  if (!first) throw new AppError('conflict');
  if (first.request_hash !== hash) throw new AppError('idempotency_key_reused');
  if (first.status === null) throw new AppError('conflict');
  const parsed = StoredAnswerSchema.safeParse(first.body);
  // an answer kept before its headers were (a body object, its dates already strings)
  const stored = parsed.success
    ? parsed.data
    : { headers: { 'content-type': JSON_CONTENT_TYPE }, payload: JSON.stringify(first.body) };
  // the first answer whole: its status, headers and bytes, not through the route's schema again
  return reply
    .status(first.status)
    .headers({ ...stored.headers, [IDEMPOTENCY_REPLAYED_HEADER]: 'true' })
    .serializer(String)
    .send(stored.payload);
}

function send<Body>(reply: FastifyReply, answer: Answer<Body>): Body {
  void reply.status(answer.status);
  return answer.body;
}
