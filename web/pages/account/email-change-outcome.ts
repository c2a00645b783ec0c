import { EMAIL_CHANGE_OUTCOMES, EMAIL_CHANGE_PARAM, type EmailChangeOutcome } from '#src/email-links.ts';

/** What a link of a change of address did, as the server put it in the address (src/email-links.ts). */
export function emailChangeOutcome(search: string): EmailChangeOutcome | null {
  const value = new URLSearchParams(search).get(EMAIL_CHANGE_PARAM);
  return EMAIL_CHANGE_OUTCOMES.find((outcome) => outcome === value) ?? null;
}
