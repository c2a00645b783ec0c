import { z } from 'zod';
import { parseDomain, type DomainProblem } from '../domains.ts';
import { VALIDATION_MESSAGES as M, type ValidationMessageId } from '../messages.ts';
import { AccountOwnerSchema } from '../teams.ts';
import { singleLineText } from '../text.ts';

// The custom domain form and the domains.* procedures. Every procedure takes whose domains (`owner`: the
// person's, or their team's for its owner and admins), as API keys and webhooks do. Whether the domain
// is this server's own or another account's is the server's question (server/domains/service.ts).

const PROBLEM_MESSAGE: Record<DomainProblem, ValidationMessageId> = {
  required: M.domainRequired,
  bare: M.domainBare,
  ip_address: M.domainIpAddress,
  too_long: M.domainTooLong,
  invalid: M.domainInvalid,
};

/** A domain name as typed, parsed to its stored form (src/domains.ts parseDomain). */
export const DomainNameSchema = singleLineText().transform((value, ctx) => {
  const parsed = parseDomain(value);
  if ('domain' in parsed) return parsed.domain;
  ctx.addIssue({ code: 'custom', message: PROBLEM_MESSAGE[parsed.problem] });
  return z.NEVER;
});

export const DomainFormSchema = z.strictObject({ domain: DomainNameSchema });
export type DomainFormValues = z.input<typeof DomainFormSchema>;

export const ListDomainsSchema = z.strictObject({ owner: AccountOwnerSchema }).default({ owner: 'user' });
export type ListDomainsInput = z.output<typeof ListDomainsSchema>;

export const AddDomainSchema = DomainFormSchema.extend({ owner: AccountOwnerSchema });
export type AddDomainInput = z.output<typeof AddDomainSchema>;

export const DomainIdSchema = z.strictObject({ owner: AccountOwnerSchema, id: z.uuid() });
export type DomainIdInput = z.output<typeof DomainIdSchema>;
