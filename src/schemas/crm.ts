import { z } from 'zod';
import { CRM_PROPERTY_PATTERN, CRM_PROVIDERS, CRM_TARGETS, SPLIT_NAME } from '../crm.ts';
import { VALIDATION_MESSAGES as M } from '../messages.ts';
import { AccountOwnerSchema } from '../teams.ts';
import { singleLineText } from '../text.ts';
import { baseVersion } from './edit-version.ts';

// The Connections page and the crm.* procedures. Every procedure takes whose connections (`owner`: the
// person's, or their team's for its owner and admins), as webhooks and API keys do. Whether a property
// exists in the CRM is the server's question, asked of the CRM when the mapping is saved.

const property = singleLineText()
  .max(100, M.invalid)
  .refine((value) => value === SPLIT_NAME || CRM_PROPERTY_PATTERN.test(value), M.invalid);

export const CrmFieldMappingSchema = z.strictObject({
  name: property.optional(),
  email: property.optional(),
  phone: property.optional(),
  company: property.optional(),
  note: property.optional(),
});

export const CrmOwnerSchema = z.strictObject({ owner: AccountOwnerSchema }).default({ owner: 'user' });
export type CrmOwnerInput = z.output<typeof CrmOwnerSchema>;

export const CrmProviderInputSchema = z.strictObject({
  owner: AccountOwnerSchema,
  provider: z.enum(CRM_PROVIDERS),
});
export type CrmProviderInput = z.output<typeof CrmProviderInputSchema>;

/** The CRM's choices for a mapping: of the connection's target, or of `target` (the form changed it). */
export const CrmOptionsSchema = CrmProviderInputSchema.extend({ target: z.enum(CRM_TARGETS).optional() });
export type CrmOptionsInput = z.output<typeof CrmOptionsSchema>;

export const CrmMappingFormSchema = z.strictObject({
  target: z.enum(CRM_TARGETS),
  fields: CrmFieldMappingSchema,
  ownerId: singleLineText().max(100, M.invalid).nullable(),
});
export type CrmMappingFormValues = z.input<typeof CrmMappingFormSchema>;

export const SaveCrmMappingSchema = CrmMappingFormSchema.extend({
  owner: AccountOwnerSchema,
  provider: z.enum(CRM_PROVIDERS),
  baseVersion,
});
export type SaveCrmMappingInput = z.output<typeof SaveCrmMappingSchema>;
