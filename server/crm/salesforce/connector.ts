import type { CrmTarget } from '../../../src/crm.ts';
import type { CrmAppConfig } from '../../config.ts';
import {
  CrmFailure,
  type CrmConnector,
  type CrmProperty,
  type CrmRecord,
  type CrmSession,
  type CrmTokens,
} from '../connector.ts';
import { crmRequest, detailOf, retryAfterSeconds, type CrmAnswer } from '../http.ts';

// Salesforce, through its documented REST API: OAuth 2.0's web server flow with PKCE at the login address
// (/services/oauth2/authorize with the code_challenge, /services/oauth2/token for the code with its
// code_verifier and for the refresh, /services/oauth2/revoke), and each org's REST API at the instance_url
// its tokens name: sObjects Lead and Contact (describe for their fields, create, PATCH, read by id), SOQL to
// find a record by Email and the active users (owners), and a Note on the record for the consent receipt.

/** The REST API version the connector speaks. */
export const SALESFORCE_API_VERSION = 'v62.0';

/** The scopes the connected app is asked for (and the operator selects: docs/integrations.md). */
export const SALESFORCE_SCOPES = ['api', 'refresh_token'] as const;

/**
 * Salesforce answers tokens without their lifetime (the org's session timeout, two hours by default): a
 * token is taken for this long, and refreshed earlier when Salesforce refuses it (INVALID_SESSION_ID).
 */
const ASSUMED_TOKEN_SECONDS = 2 * 60 * 60;

/** A limit without Retry-After (REQUEST_LIMIT_EXCEEDED is a rolling day's): look again in ten minutes. */
const DEFAULT_RETRY_AFTER_SECONDS = 600;

/** What a new record needs that a lead may lack; written only when the lead gives none. */
const NOT_PROVIDED = '[not provided]';

const OBJECT_OF: Record<CrmTarget, string> = { contact: 'Contact', lead: 'Lead' };

/** Salesforce's error answers: a list of { message, errorCode }, or OAuth's { error, error_description }. */
function salesforceError(body: unknown, status: number): { detail: string; code: string } {
  const first: unknown = Array.isArray(body) ? body[0] : body;
  if (first && typeof first === 'object') {
    const { message, errorCode, error, error_description } = first as Record<string, unknown>;
    if (typeof message === 'string') return { detail: detailOf(message), code: String(errorCode ?? '') };
    if (typeof error_description === 'string')
      return { detail: detailOf(error_description), code: String(error ?? '') };
    if (typeof error === 'string') return { detail: detailOf(error), code: error };
  }
  if (typeof body === 'string' && body) return { detail: detailOf(body), code: '' };
  return { detail: `HTTP ${status}`, code: '' };
}

function failureOf(answer: CrmAnswer): CrmFailure {
  const { detail, code } = salesforceError(answer.body, answer.status);
  const extra = { status: answer.status };
  if (answer.status === 401) return new CrmFailure('token', detail, extra);
  if (answer.status === 429 || code === 'REQUEST_LIMIT_EXCEEDED') {
    return new CrmFailure('rate_limited', detail, {
      ...extra,
      retryAfterSeconds: retryAfterSeconds(answer.headers, DEFAULT_RETRY_AFTER_SECONDS),
    });
  }
  if (answer.status >= 500 || answer.status < 200) return new CrmFailure('unavailable', detail, extra);
  return new CrmFailure('refused', detail, extra);
}

/** A SOQL string literal. */
function soqlText(value: string): string {
  return `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
}

/** The org's id from the identity URL a token names (https://login.salesforce.com/id/{org}/{user}). */
function orgOf(identity: unknown): string {
  const match = typeof identity === 'string' ? /\/id\/([^/]+)\//.exec(identity) : null;
  return match?.[1] ?? '';
}

/**
 * Salesforce's token answer: the refresh's has no refresh token (the one it was given stays). Its
 * instance_url, where every REST call of the connection goes, must be https when the login address is
 * (only the tests' fake, on loopback, is http): the tokens are never sent in the clear.
 */
function tokensOf(body: unknown, secure: boolean, refreshToken?: string): CrmTokens & { identity: unknown } {
  const { access_token, refresh_token, instance_url, id } = (body ?? {}) as Record<string, unknown>;
  const refresh = typeof refresh_token === 'string' ? refresh_token : refreshToken;
  if (typeof access_token !== 'string' || typeof instance_url !== 'string' || !refresh) {
    throw new CrmFailure('unavailable', 'Salesforce answered the token request without tokens');
  }
  if (!URL.canParse(instance_url) || (secure && new URL(instance_url).protocol !== 'https:')) {
    throw new CrmFailure('unavailable', 'Salesforce named an instance_url that is not https');
  }
  return {
    accessToken: access_token,
    refreshToken: refresh,
    expiresAt: new Date(Date.now() + ASSUMED_TOKEN_SECONDS * 1000),
    apiBase: instance_url.replace(/\/+$/, ''),
    identity: id,
  };
}

/** A row of a query or a read, as the values of `properties` (null where it has none). */
function recordOf(row: Record<string, unknown>, properties: string[]): CrmRecord {
  return {
    id: String(row.Id),
    values: Object.fromEntries(
      properties.map((name) => {
        const value = row[name];
        return [name, value === null || value === undefined ? null : String(value)];
      }),
    ),
  };
}

export function salesforceConnector(app: CrmAppConfig): CrmConnector {
  const login = (path: string) => `${app.appBase}${path}`;
  const secure = app.appBase.startsWith('https:');
  const tokenRequest = async (form: Record<string, string>) => {
    const answer = await crmRequest(login('/services/oauth2/token'), {
      method: 'POST',
      form: { client_id: app.clientId, client_secret: app.clientSecret, ...form },
    });
    if (answer.status >= 200 && answer.status < 300) return answer.body;
    // invalid_grant: a refused code, or a refresh token revoked or expired
    if (answer.status === 400 || answer.status === 401) {
      throw new CrmFailure('revoked', salesforceError(answer.body, answer.status).detail, {
        status: answer.status,
      });
    }
    throw failureOf(answer);
  };
  const call = async (
    method: string,
    path: string,
    session: CrmSession,
    json?: unknown,
  ): Promise<unknown> => {
    if (!session.apiBase) throw new CrmFailure('revoked', 'the connection names no Salesforce instance');
    const answer = await crmRequest(`${session.apiBase}/services/data/${SALESFORCE_API_VERSION}${path}`, {
      method,
      token: session.accessToken,
      json,
    });
    if (answer.status < 200 || answer.status >= 300) throw failureOf(answer);
    return answer.body;
  };
  const query = async (session: CrmSession, soql: string) =>
    (
      (await call('GET', `/query?${new URLSearchParams({ q: soql }).toString()}`, session)) as {
        records?: Record<string, unknown>[];
      }
    ).records ?? [];
  return {
    provider: 'salesforce',
    nameProperties: { first: 'FirstName', last: 'LastName' },
    ownerProperty: 'OwnerId',
    requiredOnCreate: {
      contact: { LastName: NOT_PROVIDED },
      lead: { LastName: NOT_PROVIDED, Company: NOT_PROVIDED },
    },
    authorizeUrl({ state, codeChallenge, redirectUri }) {
      const url = new URL(login('/services/oauth2/authorize'));
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: app.clientId,
        redirect_uri: redirectUri,
        scope: SALESFORCE_SCOPES.join(' '),
        state,
        code_challenge: codeChallenge,
      }).toString();
      return url.href;
    },
    async exchangeCode({ code, codeVerifier, redirectUri }) {
      const body = await tokenRequest({
        grant_type: 'authorization_code',
        code,
        code_verifier: codeVerifier,
        redirect_uri: redirectUri,
      });
      const { identity, ...tokens } = tokensOf(body, secure);
      const host = new URL(tokens.apiBase ?? app.appBase).host;
      return { ...tokens, account: { id: orgOf(identity) || host, name: host } };
    },
    async refresh(refreshToken) {
      const { identity: _identity, ...tokens } = tokensOf(
        await tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshToken }),
        secure,
        refreshToken,
      );
      return tokens;
    },
    async revoke({ refreshToken }) {
      const answer = await crmRequest(login('/services/oauth2/revoke'), {
        method: 'POST',
        form: { token: refreshToken },
      });
      // a token Salesforce no longer knows is as good as revoked
      if ((answer.status >= 200 && answer.status < 300) || answer.status === 400) return;
      throw failureOf(answer);
    },
    async properties(session, target) {
      const body = (await call('GET', `/sobjects/${OBJECT_OF[target]}/describe`, session)) as {
        fields?: {
          name: string;
          label?: string;
          createable?: boolean;
          updateable?: boolean;
          calculated?: boolean;
        }[];
      };
      return (body.fields ?? [])
        .filter((field) => field.createable && field.updateable && !field.calculated)
        .map((field): CrmProperty => ({ name: field.name, label: field.label ?? field.name }));
    },
    async owners(session) {
      const rows = await query(
        session,
        'SELECT Id, Name FROM User WHERE IsActive = true ORDER BY Name LIMIT 500',
      );
      return rows.map((row) => ({ id: String(row.Id), name: String(row.Name ?? row.Id) }));
    },
    async findByEmail(session, target, email, properties) {
      const fields = ['Id', ...properties.filter((name) => name !== 'Id')].join(', ');
      // a converted lead lives on as a contact: it is not completed again
      const converted = target === 'lead' ? ' AND IsConverted = false' : '';
      const rows = await query(
        session,
        `SELECT ${fields} FROM ${OBJECT_OF[target]} WHERE Email = ${soqlText(email)}${converted} ORDER BY CreatedDate LIMIT 1`,
      );
      const row = rows[0];
      return row ? recordOf(row, properties) : null;
    },
    async read(session, target, id, properties) {
      const fields = new URLSearchParams({ fields: ['Id', ...properties].join(',') });
      const row = (await call(
        'GET',
        `/sobjects/${OBJECT_OF[target]}/${encodeURIComponent(id)}?${fields.toString()}`,
        session,
      )) as Record<string, unknown>;
      return recordOf(row, properties);
    },
    async create(session, target, values) {
      const body = (await call('POST', `/sobjects/${OBJECT_OF[target]}`, session, values)) as { id: string };
      return body.id;
    },
    async update(session, target, id, values) {
      await call('PATCH', `/sobjects/${OBJECT_OF[target]}/${encodeURIComponent(id)}`, session, values);
    },
    async addNote(session, _target, recordId, note) {
      const body = (await call('POST', '/sobjects/Note', session, {
        ParentId: recordId,
        Title: note.title,
        Body: note.body,
        ...(note.ownerId ? { OwnerId: note.ownerId } : {}),
      })) as { id: string };
      return body.id;
    },
  };
}
