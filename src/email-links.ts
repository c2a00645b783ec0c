// How long the links sent by e-mail stay valid. The e-mails state these numbers and better-auth's token
// expiry must read the same constants (DECISIONS.md: every number lives in one place).

export const EMAIL_LINK_VALIDITY_HOURS = {
  /** spec section 8: "new link valid 24 hours" */
  verifyEmail: 24,
  resetPassword: 1,
  /** the new address is confirmed through the same verification mechanism as at sign-up */
  changeEmail: 24,
} as const;

export const HOUR_IN_SECONDS = 60 * 60;
