import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CrmAppConfig } from '../../server/config.ts';
import { LoopbackServer } from './loopback-server.ts';

// A fake HubSpot on loopback for the CRM connector's tests (HUBSPOT_API_BASE and HUBSPOT_APP_BASE point at
// it): the slice of HubSpot's documented REST API the connector calls, answered as HubSpot answers it.
// OAuth v1: the authorization page (it grants at once and redirects with a code), the token exchange with
// the PKCE verifier checked against the challenge, the refresh, the token's hub, the refresh token's
// revocation. CRM v3: contacts (search by e-mail, read, create with 409 on a known e-mail, PATCH), their
// properties (an unknown one is refused as PROPERTY_DOESNT_EXIST), owners, and notes with their
// associations. Every request is recorded; the tests set what goes wrong (a 429 with Retry-After, expired
// access tokens, revoked refresh tokens, a property refused).

export const FAKE_HUBSPOT_CLIENT = { clientId: 'hubspot-client-id', clientSecret: 'hubspot-client-secret' };

export interface HubSpotRequest {
  method: string;
  path: string;
  at: number;
  body: unknown;
  authorization: string | undefined;
}

export interface FakeContact {
  id: string;
  properties: Record<string, string>;
}

export interface FakeNote {
  id: string;
  properties: Record<string, string>;
  contactIds: string[];
}

type Json = Record<string, unknown>;

/** The contact properties the fake's portal has (writable unless listed as read-only). */
const PROPERTIES = [
  'email',
  'firstname',
  'lastname',
  'phone',
  'company',
  'message',
  'jobtitle',
  'hubspot_owner_id',
];
const READ_ONLY = ['hs_object_id', 'createdate'];

export const FAKE_OWNERS = [
  { id: '501', email: 'sam@example.com', firstName: 'Sam', lastName: 'Seller' },
  { id: '502', email: 'ria@example.com', firstName: 'Ria', lastName: 'Rep' },
];

export class FakeHubSpot extends LoopbackServer {
  readonly requests: HubSpotRequest[] = [];
  readonly contacts = new Map<string, FakeContact>();
  readonly notes: FakeNote[] = [];
  readonly revokedRefreshTokens = new Set<string>();
  /** Seconds an access token lives. */
  accessTokenSeconds = 1800;
  /** Property names the portal does not have (deleted since a mapping was saved). */
  readonly missingProperties = new Set<string>();
  /** A property HubSpot refuses the value of, with its words. */
  readonly refusedProperties = new Map<string, string>();
  private readonly codes = new Map<string, { challenge: string; redirectUri: string }>();
  private readonly accessTokens = new Map<string, number>();
  private readonly refreshTokens = new Set<string>();
  private rateLimited: { count: number; retryAfter: string | null; path: RegExp | null } = {
    count: 0,
    retryAfter: null,
    path: null,
  };
  private counter = 0;

  /** The app's settings that point the connector here. */
  config(): CrmAppConfig {
    return { ...FAKE_HUBSPOT_CLIENT, apiBase: this.base, appBase: this.base };
  }

  /** The next `count` CRM calls (to a path `path` matches, when given) answer 429, with this Retry-After (null: none). */
  rateLimitNext(count: number, retryAfter: string | null, path: RegExp | null = null): void {
    this.rateLimited = { count, retryAfter, path };
  }

  /** Every access token given so far is expired: the next call with one is 401. */
  expireAccessTokens(): void {
    for (const token of this.accessTokens.keys()) this.accessTokens.set(token, 0);
  }

  /** The app uninstalled at HubSpot: every refresh token (and access token) refused from now. */
  revokeAll(): void {
    for (const token of this.refreshTokens) this.revokedRefreshTokens.add(token);
    this.expireAccessTokens();
  }

  /** A contact a salesperson typed in HubSpot. */
  addContact(properties: Record<string, string>): FakeContact {
    const contact = { id: this.nextId(), properties: { ...properties } };
    this.contacts.set(contact.id, contact);
    return contact;
  }

  contactByEmail(email: string): FakeContact | undefined {
    return [...this.contacts.values()].find((contact) => contact.properties.email === email);
  }

  /** The authorization page's answer to the address `authorizeUrl` (what the browser would be sent to). */
  authorize(authorizeUrl: string): string {
    const url = new URL(authorizeUrl);
    const query = url.searchParams;
    if (query.get('client_id') !== FAKE_HUBSPOT_CLIENT.clientId) throw new Error('unknown client_id');
    if (query.get('code_challenge_method') !== 'S256') throw new Error('PKCE S256 expected');
    const code = `code-${this.nextId()}`;
    const redirectUri = query.get('redirect_uri') ?? '';
    this.codes.set(code, { challenge: query.get('code_challenge') ?? '', redirectUri });
    const back = new URL(redirectUri);
    back.searchParams.set('code', code);
    back.searchParams.set('state', query.get('state') ?? '');
    return back.href;
  }

  private nextId(): string {
    this.counter += 1;
    return String(1000 + this.counter);
  }

  /** Tokens this portal takes, as a finished connect would have them (for tests that arrange a connection). */
  issueTokens(): { accessToken: string; refreshToken: string; expiresAt: Date } {
    const granted = this.grantTokens();
    return {
      accessToken: String(granted.access_token),
      refreshToken: String(granted.refresh_token),
      expiresAt: new Date(Date.now() + this.accessTokenSeconds * 1000),
    };
  }

  private grantTokens(): Json {
    const access = `access-${this.nextId()}`;
    const refresh = `refresh-${this.nextId()}`;
    this.accessTokens.set(access, Date.now() + this.accessTokenSeconds * 1000);
    this.refreshTokens.add(refresh);
    return {
      access_token: access,
      refresh_token: refresh,
      expires_in: this.accessTokenSeconds,
      token_type: 'bearer',
      hub_id: 4242,
      scopes: [],
    };
  }

  protected async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const url = new URL(request.url ?? '/', this.base);
    const type = request.headers['content-type'] ?? '';
    const body: unknown = !text
      ? null
      : type.includes('application/json')
        ? JSON.parse(text)
        : Object.fromEntries(new URLSearchParams(text));
    this.requests.push({
      method: request.method ?? 'GET',
      path: url.pathname,
      at: Date.now(),
      body,
      authorization: request.headers.authorization,
    });
    const send = (status: number, answer: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(answer === undefined ? '' : JSON.stringify(answer));
    };
    try {
      this.route(request.method ?? 'GET', url, body as Json, request.headers.authorization, send);
    } catch (error) {
      send(500, { status: 'error', message: (error as Error).message });
    }
  }

  private route(
    method: string,
    url: URL,
    body: Json,
    authorization: string | undefined,
    send: (status: number, answer: unknown, headers?: Record<string, string>) => void,
  ): void {
    const path = url.pathname;
    if (method === 'GET' && path === '/oauth/authorize') {
      const location = this.authorize(url.href);
      send(302, undefined, { location });
      return;
    }
    if (method === 'POST' && path === '/oauth/2026-03/token') {
      this.token(body as Record<string, string>, send);
      return;
    }
    if (method === 'POST' && path === '/oauth/2026-03/token/revoke') {
      const form = body as Record<string, string>;
      if (!this.isClient(form)) {
        send(400, { error: 'invalid_client', error_description: 'missing or unknown client id' });
        return;
      }
      if (!this.refreshTokens.has(form.token ?? '')) {
        send(400, { error: 'invalid_grant', error_description: 'refresh token not found' });
        return;
      }
      this.revokedRefreshTokens.add(form.token ?? '');
      send(200, {});
      return;
    }
    if (method === 'POST' && path === '/oauth/2026-03/token/introspect') {
      const form = body as Record<string, string>;
      if (!this.isClient(form)) {
        send(400, { error: 'invalid_client', error_description: 'missing or unknown client id' });
        return;
      }
      const expiresAt = this.accessTokens.get(form.token ?? '');
      if (expiresAt === undefined || expiresAt < Date.now()) {
        send(200, { active: false });
        return;
      }
      send(200, {
        active: true,
        token_type: 'access_token',
        hub_id: 4242,
        hub_domain: 'acme-demo.hubspot.com',
        user: 'admin@acme.test',
        app_id: 7,
        scopes: [],
      });
      return;
    }
    // the CRM API: a live access token, then the rate limit
    const bearer = authorization?.replace(/^Bearer /, '') ?? '';
    if ((this.accessTokens.get(bearer) ?? 0) < Date.now()) {
      send(401, {
        status: 'error',
        message: 'Authentication credentials not found. This API supports OAuth 2.0 authentication.',
        category: 'EXPIRED_AUTHENTICATION',
      });
      return;
    }
    if (this.rateLimited.count > 0 && (this.rateLimited.path?.test(url.pathname) ?? true)) {
      this.rateLimited.count -= 1;
      send(
        429,
        {
          status: 'error',
          message: 'You have reached your secondly limit.',
          errorType: 'RATE_LIMIT',
          policyName: 'SECONDLY',
        },
        this.rateLimited.retryAfter === null ? {} : { 'retry-after': this.rateLimited.retryAfter },
      );
      return;
    }
    this.crm(method, path, url, body, send);
  }

  /** The app's own credentials, in the form body as the dated OAuth API takes them. */
  private isClient(form: Record<string, string>): boolean {
    return (
      form.client_id === FAKE_HUBSPOT_CLIENT.clientId &&
      form.client_secret === FAKE_HUBSPOT_CLIENT.clientSecret
    );
  }

  private token(form: Record<string, string>, send: (status: number, answer: unknown) => void): void {
    if (!this.isClient(form)) {
      send(400, { status: 'BAD_CLIENT_ID', message: 'missing or unknown client id' });
      return;
    }
    if (form.grant_type === 'authorization_code') {
      const code = this.codes.get(form.code ?? '');
      this.codes.delete(form.code ?? '');
      const challenge = createHash('sha256')
        .update(form.code_verifier ?? '')
        .digest('base64url');
      if (!code || code.redirectUri !== form.redirect_uri || code.challenge !== challenge) {
        send(400, { status: 'BAD_AUTH_CODE', message: 'missing or unknown auth code' });
        return;
      }
      send(200, this.grantTokens());
      return;
    }
    if (form.grant_type === 'refresh_token') {
      const token = form.refresh_token ?? '';
      if (!this.refreshTokens.has(token) || this.revokedRefreshTokens.has(token)) {
        send(400, { status: 'BAD_REFRESH_TOKEN', message: 'missing or invalid refresh token' });
        return;
      }
      const access = `access-${this.nextId()}`;
      this.accessTokens.set(access, Date.now() + this.accessTokenSeconds * 1000);
      send(200, {
        access_token: access,
        refresh_token: token,
        expires_in: this.accessTokenSeconds,
        token_type: 'bearer',
      });
      return;
    }
    send(400, { status: 'BAD_GRANT_TYPE', message: 'unknown grant_type' });
  }

  /** HubSpot's answer to properties it refuses. */
  private invalidProperties(properties: Record<string, string>): Json | null {
    const errors: Json[] = [];
    for (const [name, value] of Object.entries(properties)) {
      if (!PROPERTIES.includes(name) || this.missingProperties.has(name)) {
        errors.push({
          isValid: false,
          message: `Property "${name}" does not exist`,
          error: 'PROPERTY_DOESNT_EXIST',
          name,
        });
      } else if (READ_ONLY.includes(name)) {
        errors.push({
          isValid: false,
          message: `Property "${name}" is read-only`,
          error: 'READ_ONLY_VALUE',
          name,
        });
      } else if (this.refusedProperties.has(name)) {
        errors.push({
          isValid: false,
          message: this.refusedProperties.get(name),
          error: 'INVALID_OPTION',
          name,
          value,
        });
      }
    }
    if (errors.length === 0) return null;
    return {
      status: 'error',
      message: `Property values were not valid: ${JSON.stringify(errors)}`,
      correlationId: 'c0ffee00-0000-0000-0000-000000000000',
      category: 'VALIDATION_ERROR',
      errors: errors.map((error) => ({
        message: error.message,
        code: error.error,
        context: { propertyName: [error.name] },
      })),
    };
  }

  private view(contact: FakeContact, wanted: string[]): Json {
    const properties: Record<string, string | null> = { hs_object_id: contact.id };
    for (const name of wanted) properties[name] = contact.properties[name] ?? null;
    return { id: contact.id, properties, archived: false };
  }

  private crm(
    method: string,
    path: string,
    url: URL,
    body: Json,
    send: (status: number, answer: unknown) => void,
  ): void {
    if (method === 'GET' && path === '/crm/v3/properties/contacts') {
      const results = [...PROPERTIES.filter((name) => !this.missingProperties.has(name)), ...READ_ONLY].map(
        (name) => ({
          name,
          label: name,
          type: 'string',
          fieldType: 'text',
          calculated: false,
          hidden: false,
          modificationMetadata: { readOnlyValue: READ_ONLY.includes(name), archivable: true },
        }),
      );
      send(200, { results });
      return;
    }
    if (method === 'GET' && path === '/crm/v3/owners') {
      send(200, {
        results: FAKE_OWNERS.map((owner) => ({ ...owner, userId: Number(owner.id) + 1, archived: false })),
      });
      return;
    }
    if (method === 'POST' && path === '/crm/v3/objects/contacts/search') {
      const filter = (
        body.filterGroups as { filters: { propertyName: string; operator: string; value: string }[] }[]
      )[0]?.filters[0];
      const found =
        filter?.propertyName === 'email' && filter.operator === 'EQ'
          ? [...this.contacts.values()].filter(
              (contact) => contact.properties.email === filter.value.toLowerCase(),
            )
          : [];
      const wanted = (body.properties as string[] | undefined) ?? [];
      send(200, {
        total: found.length,
        results: found.slice(0, 1).map((contact) => this.view(contact, wanted)),
      });
      return;
    }
    if (method === 'POST' && path === '/crm/v3/objects/contacts') {
      const properties = body.properties as Record<string, string>;
      const invalid = this.invalidProperties(properties);
      if (invalid) {
        send(400, invalid);
        return;
      }
      const email = properties.email?.toLowerCase();
      const existing = email ? this.contactByEmail(email) : undefined;
      if (existing) {
        send(409, {
          status: 'error',
          message: `Contact already exists. Existing ID: ${existing.id}`,
          category: 'CONFLICT',
        });
        return;
      }
      const contact = this.addContact({ ...properties, ...(email ? { email } : {}) });
      send(201, this.view(contact, Object.keys(properties)));
      return;
    }
    const contactMatch = /^\/crm\/v3\/objects\/contacts\/(\d+)$/.exec(path);
    if (contactMatch) {
      const contact = this.contacts.get(contactMatch[1] ?? '');
      if (!contact) {
        send(404, { status: 'error', message: 'resource not found', category: 'OBJECT_NOT_FOUND' });
        return;
      }
      if (method === 'GET') {
        send(200, this.view(contact, (url.searchParams.get('properties') ?? '').split(',').filter(Boolean)));
        return;
      }
      if (method === 'PATCH') {
        const properties = body.properties as Record<string, string>;
        const invalid = this.invalidProperties(properties);
        if (invalid) {
          send(400, invalid);
          return;
        }
        Object.assign(contact.properties, properties);
        send(200, this.view(contact, Object.keys(properties)));
        return;
      }
    }
    if (method === 'POST' && path === '/crm/v3/objects/notes') {
      const associations =
        (body.associations as { to: { id: string }; types: { associationTypeId: number }[] }[]) ?? [];
      const contactIds = associations
        .filter((association) => association.types.some((type) => type.associationTypeId === 202))
        .map((association) => association.to.id);
      if (contactIds.some((id) => !this.contacts.has(id))) {
        send(400, {
          status: 'error',
          message: 'One or more associations are invalid',
          category: 'VALIDATION_ERROR',
        });
        return;
      }
      const note = { id: this.nextId(), properties: body.properties as Record<string, string>, contactIds };
      this.notes.push(note);
      send(201, { id: note.id, properties: note.properties });
      return;
    }
    send(404, { status: 'error', message: `no route ${method} ${path}` });
  }
}
