import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { LeadField, LeadFieldMode } from '#src/schemas/lead.ts';

/** The visitor's fields, as the owner reads them in the card's contact form settings. */
export const LEAD_FIELD_NAMES: Record<LeadField, MessageDescriptor> = {
  name: msg`Name`,
  email: msg`Email`,
  phone: msg`Phone`,
  company: msg`Company`,
  note: msg`Note`,
};

/** The same fields in the comparison of two versions, where the card's own fields have the plain names. */
export const LEAD_FIELD_CONFLICT_NAMES: Record<LeadField, MessageDescriptor> = {
  name: msg`Contact form: name`,
  email: msg`Contact form: email`,
  phone: msg`Contact form: phone`,
  company: msg`Contact form: company`,
  note: msg`Contact form: note`,
};

/** How the form shows a field. */
export const LEAD_FIELD_MODE_NAMES: Record<LeadFieldMode, MessageDescriptor> = {
  hidden: msg`Hidden`,
  optional: msg`Optional`,
  required: msg`Required`,
};
