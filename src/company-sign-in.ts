// Company sign-in (docs/decisions/028-company-sign-in.md): the names the server and the dashboard share.

/** Why an OIDC issuer was refused at save (sso_issuer_unusable's meta.problem). */
export const SSO_ISSUER_PROBLEMS = [
  /** nothing answered at {issuer}/.well-known/openid-configuration (no server, a timeout, an HTTP error) */
  'unreachable',
  /** an answer that is not a discovery document (not JSON, or required endpoints missing) */
  'not_discovery',
  /** the document names another issuer than the one typed */
  'issuer_mismatch',
  /** an address this server may not call: not http(s), or a private network the operator did not allow */
  'not_allowed',
] as const;
export type SsoIssuerProblem = (typeof SSO_ISSUER_PROBLEMS)[number];

export function isSsoIssuerProblem(value: unknown): value is SsoIssuerProblem {
  return typeof value === 'string' && (SSO_ISSUER_PROBLEMS as readonly string[]).includes(value);
}

/**
 * Why a sign-in through the company's provider came back refused: the `error` of the sign-in page's address
 * (`/auth?error=…`) after the provider's answer was read.
 */
export const SSO_SIGN_IN_ERRORS = [
  /** an account with the address exists and is not in the provider's team: it is not taken over */
  'sso_account_exists',
  /** the provider vouched for an address outside the team's proved domain */
  'sso_wrong_domain',
  /** the person belongs to another team */
  'sso_other_team',
  /** anything else the provider or the plugin refused (an invalid state, a token that did not verify) */
  'sso_failed',
] as const;
export type SsoSignInError = (typeof SSO_SIGN_IN_ERRORS)[number];

export function isSsoSignInError(value: unknown): value is SsoSignInError {
  return typeof value === 'string' && (SSO_SIGN_IN_ERRORS as readonly string[]).includes(value);
}

/** better-auth's error code of a password or social sign-in refused because the team requires its provider. */
export const COMPANY_SIGN_IN_REQUIRED = 'COMPANY_SIGN_IN_REQUIRED';

/** The provider id (sso_providers.provider_id, in the callback's path) of a team's provider. */
export function ssoProviderIdOf(teamId: string): string {
  return `team-${teamId}`;
}

/** The domain part of an address, lowercased ('' when there is none). */
export function emailDomain(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 0
    ? ''
    : email
        .slice(at + 1)
        .trim()
        .toLowerCase();
}
