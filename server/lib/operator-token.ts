import { createHash, timingSafeEqual } from 'node:crypto';

// METRICS_TOKEN, the operator's token: it opens GET /metrics and the details of GET /health/ready. A
// request holds it when it carries `Authorization: Bearer <token>`.

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether an Authorization header carries the token; always false without one configured. */
export function operatorTokenCheck(token: string | null): (authorization: string | undefined) => boolean {
  if (!token) return () => false;
  const expected = digest(`Bearer ${token}`);
  // compared as digests, in constant time: the header's length tells nothing either
  return (authorization) => timingSafeEqual(digest(authorization ?? ''), expected);
}
