import type { CrmAppConfig } from '../../config.ts';
import type { CrmTarget } from '../../../src/crm.ts';
import {
  CrmFailure,
  type CrmConnector,
  type CrmOwner,
  type CrmProperty,
  type CrmRecord,
  type CrmSession,
  type CrmTokens,
} from '../connector.ts';
import { crmRequest, detailOf, retryAfterSeconds, type CrmAnswer } from '../http.ts';

// HubSpot, through its documented REST API: OAuth (/oauth/authorize on app.hubspot.com with PKCE, then the
// dated OAuth API that replaces v1, retired on 16 February 2027: the token exchange and refresh at
// POST /oauth/2026-03/token, the token's hub at POST …/token/introspect, revocation at POST …/token/revoke,
// every secret in the form body, never in a path or query) and CRM v3 (contacts: search by e-mail, read,
// create, PATCH; their properties; owners; notes associated with a contact). A lead becomes a contact:
// HubSpot's own lead object hangs off a contact and needs Sales Hub, so it is not offered.

/** The scopes the app asks for (and the operator ticks when registering it: docs/integrations.md). */
export const HUBSPOT_SCOPES = [
  'oauth',
  'crm.objects.contacts.read',
  'crm.objects.contacts.write',
  'crm.schemas.contacts.read',
  'crm.objects.owners.read',
] as const;

/** HubSpot's dated OAuth API (its version 2026-03). */
const OAUTH = '/oauth/2026-03/token';

/** HubSpot's association type of a note to a contact (HUBSPOT_DEFINED). */
const NOTE_TO_CONTACT = 202;

/** A 429 without Retry-After: HubSpot's limits are per ten seconds. */
const DEFAULT_RETRY_AFTER_SECONDS = 10;

const OWNER_PAGES_MAX = 5;

interface HubSpotObject {
  id: string;
  properties?: Record<string, string | null>;
}

function objectPath(target: CrmTarget): string {
  if (target !== 'contact')
    throw new CrmFailure('refused', `HubSpot connections send contacts, not ${target}s`);
  return '/crm/v3/objects/contacts';
}

/** HubSpot's words of an error answer: its message, or the first validation error's. */
function hubSpotDetail(body: unknown, status: number): string {
  if (body && typeof body === 'object') {
    const { message, errors } = body as { message?: unknown; errors?: { message?: unknown }[] };
    const first = Array.isArray(errors) ? errors[0]?.message : undefined;
    if (typeof first === 'string') return detailOf(first);
    if (typeof message === 'string') return detailOf(message);
  }
  if (typeof body === 'string' && body) return detailOf(body);
  return `HTTP ${status}`;
}

/** An API answer that is not 2xx, as the failure of its kind. */
function failureOf(answer: CrmAnswer): CrmFailure {
  const detail = hubSpotDetail(answer.body, answer.status);
  const extra = { status: answer.status };
  if (answer.status === 401) return new CrmFailure('token', detail, extra);
  if (answer.status === 429) {
    return new CrmFailure('rate_limited', detail, {
      ...extra,
      retryAfterSeconds: retryAfterSeconds(answer.headers, DEFAULT_RETRY_AFTER_SECONDS),
    });
  }
  if (answer.status >= 500 || answer.status < 200) return new CrmFailure('unavailable', detail, extra);
  return new CrmFailure('refused', detail, extra);
}

function tokensOf(body: unknown): CrmTokens {
  const { access_token, refresh_token, expires_in } = (body ?? {}) as Record<string, unknown>;
  if (
    typeof access_token !== 'string' ||
    typeof refresh_token !== 'string' ||
    typeof expires_in !== 'number'
  ) {
    throw new CrmFailure('unavailable', 'HubSpot answered the token request without tokens');
  }
  return {
    accessToken: access_token,
    refreshToken: refresh_token,
    expiresAt: new Date(Date.now() + expires_in * 1000),
    apiBase: null,
  };
}

type HubSpotGet = (path: string) => Promise<unknown>;

/** HubSpot's owners (its users who may own a record), page by page, at most OWNER_PAGES_MAX pages. */
async function ownersOf(get: HubSpotGet): Promise<CrmOwner[]> {
  const owners: CrmOwner[] = [];
  let after: string | undefined;
  for (let page = 0; page < OWNER_PAGES_MAX; page += 1) {
    const query = new URLSearchParams({ limit: '100', ...(after ? { after } : {}) });
    const body = (await get(`/crm/v3/owners?${query.toString()}`)) as {
      results?: { id: string; firstName?: string; lastName?: string; email?: string }[];
      paging?: { next?: { after?: string } };
    };
    for (const owner of body.results ?? []) {
      const name = [owner.firstName, owner.lastName].filter(Boolean).join(' ');
      owners.push({ id: String(owner.id), name: name || owner.email || String(owner.id) });
    }
    after = body.paging?.next?.after;
    if (!after) break;
  }
  return owners;
}

export function hubSpotConnector(app: CrmAppConfig): CrmConnector {
  const api = (path: string) => `${app.apiBase}${path}`;
  const client = { client_id: app.clientId, client_secret: app.clientSecret };
  const call = async (
    method: string,
    path: string,
    session: CrmSession,
    json?: unknown,
  ): Promise<unknown> => {
    const answer = await crmRequest(api(path), { method, token: session.accessToken, json });
    if (answer.status < 200 || answer.status >= 300) throw failureOf(answer);
    return answer.body;
  };
  const tokenRequest = async (form: Record<string, string>): Promise<CrmTokens> => {
    const answer = await crmRequest(api(OAUTH), { method: 'POST', form: { ...client, ...form } });
    if (answer.status >= 200 && answer.status < 300) return tokensOf(answer.body);
    // a refused code or refresh token (BAD_REFRESH_TOKEN, invalid_grant): connect again
    if (answer.status === 400 || answer.status === 401) {
      throw new CrmFailure('revoked', hubSpotDetail(answer.body, answer.status), { status: answer.status });
    }
    throw failureOf(answer);
  };
  const recordOf = (object: HubSpotObject, properties: string[]): CrmRecord => ({
    id: object.id,
    values: Object.fromEntries(properties.map((name) => [name, object.properties?.[name] ?? null])),
  });

  return {
    provider: 'hubspot',
    nameProperties: { first: 'firstname', last: 'lastname' },
    ownerProperty: 'hubspot_owner_id',
    requiredOnCreate: {},
    authorizeUrl({ state, codeChallenge, redirectUri }) {
      const url = new URL(`${app.appBase}/oauth/authorize`);
      url.search = new URLSearchParams({
        client_id: app.clientId,
        redirect_uri: redirectUri,
        scope: HUBSPOT_SCOPES.join(' '),
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      }).toString();
      return url.href;
    },
    async exchangeCode({ code, codeVerifier, redirectUri }) {
      const tokens = await tokenRequest({
        grant_type: 'authorization_code',
        redirect_uri: redirectUri,
        code,
        code_verifier: codeVerifier,
      });
      const answer = await crmRequest(api(`${OAUTH}/introspect`), {
        method: 'POST',
        form: { ...client, token: tokens.accessToken, token_type_hint: 'access_token' },
      });
      if (answer.status < 200 || answer.status >= 300) throw failureOf(answer);
      const info = (answer.body ?? {}) as { hub_id?: unknown; hub_domain?: unknown };
      const id = String(info.hub_id ?? '');
      return { ...tokens, account: { id, name: typeof info.hub_domain === 'string' ? info.hub_domain : id } };
    },
    refresh: (refreshToken) => tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshToken }),
    async revoke({ refreshToken }) {
      const answer = await crmRequest(api(`${OAUTH}/revoke`), {
        method: 'POST',
        form: { ...client, token: refreshToken, token_type_hint: 'refresh_token' },
      });
      // one HubSpot no longer knows is as good as revoked
      if ((answer.status >= 200 && answer.status < 300) || answer.status === 400 || answer.status === 404)
        return;
      throw failureOf(answer);
    },
    async properties(session, target) {
      objectPath(target);
      const body = (await call('GET', '/crm/v3/properties/contacts', session)) as {
        results?: {
          name: string;
          label?: string;
          calculated?: boolean;
          hidden?: boolean;
          modificationMetadata?: { readOnlyValue?: boolean };
        }[];
      };
      return (body.results ?? [])
        .filter((p) => !p.calculated && !p.hidden && p.modificationMetadata?.readOnlyValue !== true)
        .map((p): CrmProperty => ({ name: p.name, label: p.label ?? p.name }));
    },
    owners: (session) => ownersOf((path) => call('GET', path, session)),
    async findByEmail(session, target, email, properties) {
      const body = (await call('POST', `${objectPath(target)}/search`, session, {
        filterGroups: [{ filters: [{ propertyName: 'email', operator: 'EQ', value: email }] }],
        properties,
        limit: 1,
      })) as { results?: HubSpotObject[] };
      const found = body.results?.[0];
      return found ? recordOf(found, properties) : null;
    },
    async read(session, target, id, properties) {
      const query = new URLSearchParams({ properties: properties.join(',') });
      const body = (await call(
        'GET',
        `${objectPath(target)}/${encodeURIComponent(id)}?${query.toString()}`,
        session,
      )) as HubSpotObject;
      return recordOf(body, properties);
    },
    async create(session, target, values) {
      try {
        const body = (await call('POST', objectPath(target), session, {
          properties: values,
        })) as HubSpotObject;
        return body.id;
      } catch (error) {
        // "Contact already exists. Existing ID: 123"
        const existing =
          error instanceof CrmFailure && error.extra.status === 409 && /ID:\s*(\d+)/.exec(error.detail);
        if (existing) throw new CrmFailure('exists', error.detail, { existingId: existing[1] });
        throw error;
      }
    },
    async update(session, target, id, values) {
      await call('PATCH', `${objectPath(target)}/${encodeURIComponent(id)}`, session, { properties: values });
    },
    async addNote(session, target, recordId, note) {
      objectPath(target);
      const body = (await call('POST', '/crm/v3/objects/notes', session, {
        properties: {
          hs_timestamp: note.at.toISOString(),
          hs_note_body: note.body,
          ...(note.ownerId ? { hubspot_owner_id: note.ownerId } : {}),
        },
        associations: [
          {
            to: { id: recordId },
            types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: NOTE_TO_CONTACT }],
          },
        ],
      })) as HubSpotObject;
      return body.id;
    },
  };
}
