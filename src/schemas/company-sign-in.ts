import { z } from 'zod';
import { VALIDATION_MESSAGES as M } from '../messages.ts';
import { singleLineText } from '../text.ts';
import { EmailSchema } from './auth.ts';
import { DomainNameSchema } from './domain.ts';

// Company sign-in (docs/decisions/028-company-sign-in.md): the owner's forms on the team's Single sign-on
// page and the "Sign in with your company" form of /auth.

/** The longest issuer, client id or client secret taken. */
export const SSO_TEXT_MAX_LENGTH = 2048;

/** The team's e-mail domain (the part after @ of its people's addresses). */
export const SsoDomainSchema = z.strictObject({ domain: DomainNameSchema });
export type SsoDomainInput = z.output<typeof SsoDomainSchema>;
export type SsoDomainFormValues = z.input<typeof SsoDomainSchema>;

/** An http(s) URL without a query or fragment, as OpenID Connect Discovery names an issuer. */
const IssuerSchema = singleLineText()
  .max(SSO_TEXT_MAX_LENGTH, M.ssoTextTooLong)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && !url.search && !url.hash;
    } catch {
      return false;
    }
  }, M.ssoIssuerInvalid);

/**
 * An OIDC provider: its issuer and the client the company made for Tapcard. The secret left empty keeps
 * the one saved (it is never sent back); the first save needs one (the server says so).
 */
export const OidcProviderSchema = z.strictObject({
  issuer: IssuerSchema,
  clientId: singleLineText().min(1, M.ssoClientIdRequired).max(SSO_TEXT_MAX_LENGTH, M.ssoTextTooLong),
  clientSecret: singleLineText({ trim: false }).max(SSO_TEXT_MAX_LENGTH, M.ssoTextTooLong).default(''),
});
export type OidcProviderInput = z.output<typeof OidcProviderSchema>;
export type OidcProviderFormValues = z.input<typeof OidcProviderSchema>;

/** Whether the domain's people must sign in through the team's provider. */
export const SsoRequiredSchema = z.strictObject({ required: z.boolean() });
export type SsoRequiredInput = z.output<typeof SsoRequiredSchema>;

/** "Sign in with your company": the address, whose domain picks the provider. */
export const CompanySignInSchema = z.strictObject({ email: EmailSchema });
export type CompanySignInValues = z.input<typeof CompanySignInSchema>;
