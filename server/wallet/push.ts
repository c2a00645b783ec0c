import { connect } from 'node:http2';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { ChangeBus } from '../lib/changes.ts';
import type { AppleSigner } from './credentials.ts';

// Waking the phones that hold a changed card's pass (APPLE_PASS_PUSH=on): Apple's push service, over
// HTTP/2 with the pass certificate, tells each registered phone to ask the pass web service what changed.
// Every server hears a card's change (the change bus); each registration is claimed in one update
// (pushed_at before the card's updated_at), so only one server wakes a phone for one change. A token Apple
// says is no longer valid (410, or 400 naming the token) loses its registrations.

export const APPLE_PUSH_ORIGIN = 'https://api.push.apple.com';

export interface PushTarget {
  /** Apple's push service; tests give a local HTTP/2 server and the certificate it is trusted by. */
  origin: string;
  ca?: Buffer;
}

/** The push tokens of an account's passes whose card changed since they were last woken, claimed. */
async function claimChangedPasses(db: Kysely<Database>, accountId: string): Promise<string[]> {
  const rows = await db
    .updateTable('wallet_registrations')
    .from('vcards')
    .set({ pushed_at: new Date() })
    .whereRef('vcards.id', '=', 'wallet_registrations.vcard_id')
    .where('vcards.user_id', '=', accountId)
    .where((eb) =>
      eb(
        'vcards.updated_at',
        '>',
        eb.fn.coalesce('wallet_registrations.pushed_at', 'wallet_registrations.created_at'),
      ),
    )
    .returning('wallet_registrations.push_token')
    .execute();
  return [...new Set(rows.map((row) => row.push_token))];
}

/**
 * The reasons of Apple's 400 answers that are about the token itself (Apple's "Handling notification
 * responses from APNs"): a token never valid, or of another pass type. Any other 400 is about the request
 * (the certificate, the topic), and no registration is to blame.
 */
const BAD_TOKEN_REASONS = new Set(['BadDeviceToken', 'DeviceTokenNotForTopic']);

/** Whether Apple's answer says the token will never be delivered to: 410 (gone), or a 400 about the token. */
function isGoneToken(status: number, body: Buffer): boolean {
  if (status === 410) return true;
  if (status !== 400) return false;
  try {
    const { reason } = JSON.parse(body.toString('utf8')) as { reason?: unknown };
    return typeof reason === 'string' && BAD_TOKEN_REASONS.has(reason);
  } catch {
    return false;
  }
}

/**
 * Sends one empty notification per token; the tokens Apple says are gone (isGoneToken). Rejects when one
 * was not answered at all (the service could not be reached, or the connection broke).
 */
function sendPushes(signer: AppleSigner, target: PushTarget, tokens: string[]): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const session = connect(target.origin, {
      cert: signer.certificates.signerCert,
      key: signer.certificates.signerKey,
      ca: target.ca,
    });
    let failure: unknown = null;
    session.on('error', (error) => (failure ??= error));
    const gone: string[] = [];
    let left = tokens.length;
    for (const token of tokens) {
      const stream = session.request({
        ':method': 'POST',
        ':path': `/3/device/${encodeURIComponent(token)}`,
        'apns-topic': signer.passTypeId,
        'content-type': 'application/json',
      });
      let answered = false;
      let status = 0;
      const body: Buffer[] = [];
      stream.on('response', (headers) => {
        answered = true;
        status = Number(headers[':status']);
      });
      stream.on('data', (chunk: Buffer) => body.push(chunk));
      stream.on('end', () => {
        if (isGoneToken(status, Buffer.concat(body))) gone.push(token);
      });
      stream.on('error', (error) => (failure ??= error));
      stream.on('close', () => {
        if (!answered) failure ??= new Error(`no answer from ${target.origin}`);
        left -= 1;
        if (left > 0) return;
        session.close();
        if (failure) reject(failure instanceof Error ? failure : new Error(String(failure)));
        else resolve(gone);
      });
      stream.end('{}');
    }
  });
}

/** Listens for card changes and wakes the phones of their passes; returns the function that stops it. */
export function startPassPushes(
  db: Kysely<Database>,
  changes: ChangeBus,
  signer: AppleSigner,
  target: PushTarget,
  log: FastifyBaseLogger,
): () => void {
  const push = async (accountId: string) => {
    const tokens = await claimChangedPasses(db, accountId);
    if (tokens.length === 0) return;
    const gone = await sendPushes(signer, target, tokens).catch(async (error: unknown) => {
      // unclaimed again: the account's next change wakes them
      await db
        .updateTable('wallet_registrations')
        .set({ pushed_at: null })
        .where('push_token', 'in', tokens)
        .execute();
      throw error;
    });
    if (gone.length > 0)
      await db.deleteFrom('wallet_registrations').where('push_token', 'in', gone).execute();
  };
  return changes.subscribe(
    (change) => {
      push(change.userId).catch((error: unknown) => log.warn({ err: error }, 'wallet pass push failed'));
    },
    ['cards'],
  );
}
