import { createHmac, timingSafeEqual } from 'node:crypto';
import { LEAD_MIN_SECONDS, LEAD_TOKEN_HOURS } from '../../src/schemas/lead.ts';

// The form token of a card's "Share your contact back" form: when the page was made, signed with the
// server's secret and bound to the card. Public pages send no referrer, so a browser posts their form with
// `Origin: null`; the lead route takes such a post only with a valid token, which another site cannot
// make. It names no host: the same card's page on a card subdomain or a custom domain posts it as well.
// It outlives any cached copy of the page (a minute in the page cache, revalidated by browsers).

/** Why a token is not taken. */
export type LeadTokenProblem = 'invalid' | 'expired' | 'too_soon';

export interface LeadTokens {
  /** A token for `vcardId`'s form, made now (`nowMs`). */
  issue(vcardId: string, nowMs?: number): string;
  /** null when the token is good for `vcardId` now; else why not. */
  check(token: string, vcardId: string, nowMs?: number): LeadTokenProblem | null;
}

const TOKEN_PATTERN = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

export function createLeadTokens(secret: string): LeadTokens {
  // a key of its own, so a token can never stand for any other signed thing of the server
  const key = createHmac('sha256', secret).update('tapcard lead form token v1').digest();
  const sign = (vcardId: string, issuedAt: number) =>
    createHmac('sha256', key).update(`${vcardId.toLowerCase()}.${issuedAt}`).digest('base64url');

  return {
    issue(vcardId, nowMs = Date.now()) {
      const issuedAt = Math.floor(nowMs / 1000);
      return `${issuedAt}.${sign(vcardId, issuedAt)}`;
    },
    check(token, vcardId, nowMs = Date.now()) {
      const match = TOKEN_PATTERN.exec(token);
      if (!match) return 'invalid';
      const issuedAt = Number(match[1]);
      const given = Buffer.from(match[2] ?? '');
      const expected = Buffer.from(sign(vcardId, issuedAt));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
      const age = nowMs / 1000 - issuedAt;
      if (age > LEAD_TOKEN_HOURS * 3600) return 'expired';
      if (age < LEAD_MIN_SECONDS) return 'too_soon';
      return null;
    },
  };
}
