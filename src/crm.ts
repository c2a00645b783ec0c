import { LEAD_FIELDS, type LeadField } from './schemas/lead.ts';

// CRM connectors (an apiAccess feature, Business; docs/decisions/026-crm-connectors.md): the CRMs, what a
// lead maps to, and the numbers read by the server, the dashboard's Connections page and the tests.

export const CRM_PROVIDERS = ['hubspot', 'salesforce'] as const;
export type CrmProvider = (typeof CRM_PROVIDERS)[number];

/** What a lead becomes in the CRM: a contact (HubSpot, Salesforce) or a lead (Salesforce). */
export const CRM_TARGETS = ['contact', 'lead'] as const;
export type CrmTarget = (typeof CRM_TARGETS)[number];

/** The targets each CRM offers. HubSpot's own lead object hangs off a contact: leads become contacts there. */
export const CRM_TARGETS_OF: Record<CrmProvider, readonly CrmTarget[]> = {
  hubspot: ['contact'],
  salesforce: ['lead', 'contact'],
};

/**
 * A lead's name mapped to this value is split at its last space into the CRM's first and last name (the
 * connector names both properties); any other value is the one property the whole name goes to.
 */
export const SPLIT_NAME = '@first-last';

/** Which CRM property each lead field is written to; a field left out is not sent. */
export type CrmFieldMapping = Partial<Record<LeadField, string>>;

export interface CrmMapping {
  target: CrmTarget;
  fields: CrmFieldMapping;
  /** The CRM's owner (salesperson) new records get; null: the CRM's default. */
  ownerId: string | null;
}

/**
 * The fields each target of each CRM starts with: the CRM's standard properties. A Salesforce contact's
 * company is its account (a record of its own), so the company is not sent to a contact.
 */
export const DEFAULT_CRM_FIELDS: Record<CrmProvider, Partial<Record<CrmTarget, CrmFieldMapping>>> = {
  hubspot: {
    contact: { name: SPLIT_NAME, email: 'email', phone: 'phone', company: 'company', note: 'message' },
  },
  salesforce: {
    lead: { name: SPLIT_NAME, email: 'Email', phone: 'Phone', company: 'Company', note: 'Description' },
    contact: { name: SPLIT_NAME, email: 'Email', phone: 'Phone', note: 'Description' },
  },
};

/** The mapping a target starts with (a new connection: the CRM's first target). */
export function defaultCrmMapping(
  provider: CrmProvider,
  target: CrmTarget = CRM_TARGETS_OF[provider][0] ?? 'contact',
): CrmMapping {
  return { target, fields: { ...DEFAULT_CRM_FIELDS[provider][target] }, ownerId: null };
}

/** The mapping a new connection starts with: each CRM's standard properties. */
export const DEFAULT_CRM_MAPPING: Record<CrmProvider, CrmMapping> = {
  hubspot: defaultCrmMapping('hubspot'),
  salesforce: defaultCrmMapping('salesforce'),
};

/** A CRM property name as the CRMs spell theirs (letters, digits, underscores; Salesforce's `__c`). */
export const CRM_PROPERTY_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,99}$/;

/** Where a sync stands: queued or waiting for its next try, in the CRM, or given up (its reason shown). */
export const CRM_SYNC_STATUSES = ['pending', 'synced', 'failed'] as const;
export type CrmSyncStatus = (typeof CRM_SYNC_STATUSES)[number];

/**
 * Why a try failed: the CRM refused what was sent (for good: a field it refuses, a mapping to a property it
 * lacks), asked us to wait (429), could not be reached or failed itself (5xx), or no longer takes the
 * connection's token (connect again). The Connections page says which, with the CRM's own words.
 */
export const CRM_ERROR_KINDS = ['refused', 'rate_limited', 'unavailable', 'reconnect'] as const;
export type CrmErrorKind = (typeof CRM_ERROR_KINDS)[number];

/** The newest syncs the Connections page lists per connection. */
export const CRM_SYNCS_LISTED = 20;

/** How long a connect started on the dashboard may take at the CRM before its state is refused. */
export const CRM_CONNECT_MINUTES = 10;

export { LEAD_FIELDS as CRM_LEAD_FIELDS };
