// How long the links sent by e-mail stay valid. The e-mails state these numbers and better-auth's token
// expiry must read the same constants (docs/decisions/002-one-plan-table.md: every number lives in one
// place).

export const EMAIL_LINK_VALIDITY_HOURS = {
  /** spec section 8: "new link valid 24 hours" */
  verifyEmail: 24,
  resetPassword: 1,
  /** the new address is confirmed through the same verification mechanism as at sign-up */
  changeEmail: 24,
} as const;

export const HOUR_IN_SECONDS = 60 * 60;

/**
 * A change of e-mail address takes two links: the approval from the current address, then the
 * confirmation from the new one. Opening either lands on the account page (on the sign-in page where there
 * is no session) with what happened in this query parameter: a step done, the new address taken by another
 * account (told only to whoever opened a link mailed to this account), a link that no longer works
 * (expired, already used, or of an address the account no longer has), or a link of another account than
 * the signed-in one.
 */
export const EMAIL_CHANGE_PARAM = 'emailChange';
export const EMAIL_CHANGE_OUTCOMES = ['approved', 'changed', 'taken', 'invalid', 'other_account'] as const;
export type EmailChangeOutcome = (typeof EMAIL_CHANGE_OUTCOMES)[number];
