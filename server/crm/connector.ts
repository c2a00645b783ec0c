import type { CrmProvider, CrmTarget } from '../../src/crm.ts';

// What every CRM's connector does, in the CRM's own REST API (one folder per CRM: server/crm/hubspot/); the
// pipeline that sends a lead (server/crm/sync.ts) and the Connections page's service (server/crm/service.ts)
// call only this.

export interface CrmTokens {
  accessToken: string;
  refreshToken: string;
  expiresAt: Date;
  /** Where this connection's API is, when the CRM says (Salesforce's instance_url); null: the configured one. */
  apiBase: string | null;
}

/** What a call to the CRM's API is made with: the access token, and where the connection's API is. */
export interface CrmSession {
  accessToken: string;
  apiBase: string | null;
}

/** The CRM's account a connection reaches (HubSpot's hub), as the CRM names it. */
export interface CrmAccount {
  id: string;
  name: string;
}

export interface CrmProperty {
  name: string;
  label: string;
}

export interface CrmOwner {
  id: string;
  name: string;
}

/** A record's values of the properties asked for; a property without a value is null. */
export interface CrmRecord {
  id: string;
  values: Record<string, string | null>;
}

/**
 * How the CRM answered a call that failed:
 * - `token`: the access token was refused (expired): refresh it and call again;
 * - `revoked`: the refresh token was refused: the connection must be made again;
 * - `rate_limited`: wait `retryAfterSeconds` and call again;
 * - `refused`: the CRM refuses what was sent (a field, a property it lacks): calling again changes nothing;
 * - `unavailable`: no answer, or the CRM failed itself: call again later;
 * - `exists`: a create of a record the CRM has already (`existingId`).
 */
export type CrmFailureKind = 'token' | 'revoked' | 'rate_limited' | 'refused' | 'unavailable' | 'exists';

export class CrmFailure extends Error {
  constructor(
    readonly kind: CrmFailureKind,
    /** The CRM's own words, when it gave any. */
    readonly detail: string,
    readonly extra: { retryAfterSeconds?: number; existingId?: string; status?: number } = {},
  ) {
    super(`${kind}: ${detail}`);
    this.name = 'CrmFailure';
  }
}

export interface CrmConnector {
  provider: CrmProvider;
  /** The properties a name mapped to SPLIT_NAME goes to, first and last. */
  nameProperties: { first: string; last: string };
  /** The property that names a record's owner (salesperson). */
  ownerProperty: string;
  /**
   * Values a new record of a target needs and a lead may lack (Salesforce's LastName, a lead's Company),
   * written on create only when the lead gives none.
   */
  requiredOnCreate: Partial<Record<CrmTarget, Record<string, string>>>;
  /** Where the person grants access: the CRM's authorization page, with the state and the PKCE challenge. */
  authorizeUrl(input: { state: string; codeChallenge: string; redirectUri: string }): string;
  /** The code the CRM sent back, for tokens (with the PKCE verifier) and the account they reach. */
  exchangeCode(input: {
    code: string;
    codeVerifier: string;
    redirectUri: string;
  }): Promise<CrmTokens & { account: CrmAccount }>;
  /** New tokens for the refresh token (a CRM that gives no new refresh token: the same one again). */
  refresh(refreshToken: string): Promise<CrmTokens>;
  /** Revokes the connection's tokens at the CRM; one it no longer knows counts as revoked. */
  revoke(tokens: { accessToken: string; refreshToken: string }): Promise<void>;
  /** The properties of the target a lead may be written to (writable ones only). */
  properties(session: CrmSession, target: CrmTarget): Promise<CrmProperty[]>;
  owners(session: CrmSession): Promise<CrmOwner[]>;
  findByEmail(
    session: CrmSession,
    target: CrmTarget,
    email: string,
    properties: string[],
  ): Promise<CrmRecord | null>;
  read(session: CrmSession, target: CrmTarget, id: string, properties: string[]): Promise<CrmRecord>;
  /** Creates a record; `exists` (with its id) when the CRM has one of that e-mail address already. */
  create(session: CrmSession, target: CrmTarget, values: Record<string, string>): Promise<string>;
  update(session: CrmSession, target: CrmTarget, id: string, values: Record<string, string>): Promise<void>;
  /** A note on the record (the consent receipt); answers the note's id. */
  addNote(
    session: CrmSession,
    target: CrmTarget,
    recordId: string,
    note: { title: string; body: string; at: Date; ownerId: string | null },
  ): Promise<string>;
}
