import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CrmAppConfig } from '../../server/config.ts';
import { LoopbackServer } from './loopback-server.ts';

// A fake Salesforce on loopback for the CRM connector's tests (SALESFORCE_LOGIN_BASE points at it, and it
// names itself as the org's instance_url): the slice of Salesforce's documented API the connector calls,
// answered as Salesforce answers it. OAuth 2.0's web server flow with PKCE (the authorization page grants at
// once; the token endpoint checks the code_verifier against the challenge; the refresh answers no new
// refresh token; revoke), and REST v62.0: describe of Lead and Contact, SOQL by Email and of active users,
// sObject create (REQUIRED_FIELD_MISSING, INVALID_FIELD, a refused value), PATCH, read by id, and Note.

export const FAKE_SALESFORCE_CLIENT = {
  clientId: 'salesforce-consumer-key',
  clientSecret: 'salesforce-consumer-secret',
};

const API = '/services/data/v62.0';
const ORG_ID = '00DFAKE0000000001';

export interface SalesforceRequest {
  method: string;
  path: string;
  at: number;
  body: unknown;
}

export type FakeObject = 'Contact' | 'Lead';

export interface FakeRecord {
  Id: string;
  type: FakeObject;
  fields: Record<string, string>;
}

const FIELDS: Record<FakeObject, string[]> = {
  Contact: ['FirstName', 'LastName', 'Email', 'Phone', 'Title', 'Description', 'OwnerId'],
  Lead: ['FirstName', 'LastName', 'Email', 'Phone', 'Company', 'Title', 'Description', 'OwnerId'],
};

export const FAKE_USERS = [
  { Id: '005FAKE0000000001', Name: 'Sam Seller' },
  { Id: '005FAKE0000000002', Name: 'Ria Rep' },
];

type Send = (status: number, answer: unknown, headers?: Record<string, string>) => void;

export class FakeSalesforce extends LoopbackServer {
  readonly requests: SalesforceRequest[] = [];
  readonly records = new Map<string, FakeRecord>();
  readonly notes: { Id: string; ParentId: string; Title: string; Body: string; OwnerId?: string }[] = [];
  readonly revokedTokens = new Set<string>();
  /** A field whose value the org's validation rule refuses, with its words. */
  readonly refusedFields = new Map<string, string>();
  private readonly codes = new Map<string, { challenge: string; redirectUri: string }>();
  private readonly accessTokens = new Set<string>();
  private readonly refreshTokens = new Set<string>();
  private rateLimited: { count: number; retryAfter: string | null } = { count: 0, retryAfter: null };
  private counter = 0;

  config(): CrmAppConfig {
    return { ...FAKE_SALESFORCE_CLIENT, apiBase: this.base, appBase: this.base };
  }

  /** The next `count` REST calls answer 429, with this Retry-After (null: none). */
  rateLimitNext(count: number, retryAfter: string | null): void {
    this.rateLimited = { count, retryAfter };
  }

  /** Every session so far has timed out: the next REST call with one is 401 INVALID_SESSION_ID. */
  expireSessions(): void {
    this.accessTokens.clear();
  }

  /** The connected app's access revoked in the org: every refresh token refused from now. */
  revokeAll(): void {
    for (const token of this.refreshTokens) this.revokedTokens.add(token);
    this.expireSessions();
  }

  addRecord(type: FakeObject, fields: Record<string, string>): FakeRecord {
    const record = { Id: this.nextId(type === 'Contact' ? '003' : '00Q'), type, fields: { ...fields } };
    this.records.set(record.Id, record);
    return record;
  }

  recordsByEmail(type: FakeObject, email: string): FakeRecord[] {
    return [...this.records.values()].filter((r) => r.type === type && r.fields.Email === email);
  }

  /** The authorization page's answer (a grant) to the address `authorizeUrl`. */
  authorize(authorizeUrl: string): string {
    const query = new URL(authorizeUrl).searchParams;
    if (query.get('client_id') !== FAKE_SALESFORCE_CLIENT.clientId) throw new Error('unknown client_id');
    if (query.get('response_type') !== 'code') throw new Error('response_type=code expected');
    const code = `aPrx${this.nextId('')}`;
    const redirectUri = query.get('redirect_uri') ?? '';
    this.codes.set(code, { challenge: query.get('code_challenge') ?? '', redirectUri });
    const back = new URL(redirectUri);
    back.searchParams.set('code', code);
    back.searchParams.set('state', query.get('state') ?? '');
    return back.href;
  }

  private nextId(prefix: string): string {
    this.counter += 1;
    return `${prefix}FAKE${String(this.counter).padStart(10, '0')}`;
  }

  protected async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const url = new URL(request.url ?? '/', this.base);
    const json = (request.headers['content-type'] ?? '').includes('application/json');
    const body: unknown = !text
      ? null
      : json
        ? JSON.parse(text)
        : Object.fromEntries(new URLSearchParams(text));
    const method = request.method ?? 'GET';
    this.requests.push({ method, path: url.pathname, at: Date.now(), body });
    const send: Send = (status, answer, headers = {}) => {
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(answer === undefined ? '' : JSON.stringify(answer));
    };
    try {
      this.route(method, url, body as Record<string, string>, request.headers.authorization, send);
    } catch (error) {
      send(500, [{ message: (error as Error).message, errorCode: 'UNKNOWN_EXCEPTION' }]);
    }
  }

  private route(
    method: string,
    url: URL,
    body: Record<string, string>,
    authorization: string | undefined,
    send: Send,
  ) {
    const path = url.pathname;
    if (method === 'GET' && path === '/services/oauth2/authorize') {
      send(302, undefined, { location: this.authorize(url.href) });
      return;
    }
    if (method === 'POST' && path === '/services/oauth2/token') {
      this.token(body, send);
      return;
    }
    if (method === 'POST' && path === '/services/oauth2/revoke') {
      const token = body.token ?? '';
      if (!this.refreshTokens.has(token) && !this.accessTokens.has(token)) {
        send(400, { error: 'unsupported_token_type', error_description: 'this token type is not supported' });
        return;
      }
      this.revokedTokens.add(token);
      send(200, undefined);
      return;
    }
    if (!path.startsWith(API)) {
      send(404, [{ message: 'The requested resource does not exist', errorCode: 'NOT_FOUND' }]);
      return;
    }
    if (!this.accessTokens.has(authorization?.replace(/^Bearer /, '') ?? '')) {
      send(401, [{ message: 'Session expired or invalid', errorCode: 'INVALID_SESSION_ID' }]);
      return;
    }
    if (this.rateLimited.count > 0) {
      this.rateLimited.count -= 1;
      send(
        429,
        [{ message: 'Too many requests: try again later.', errorCode: 'REQUEST_LIMIT_EXCEEDED' }],
        this.rateLimited.retryAfter === null ? {} : { 'retry-after': this.rateLimited.retryAfter },
      );
      return;
    }
    this.rest(method, path.slice(API.length), url, body, send);
  }

  private grant(refresh?: string) {
    const access = `00DFAKE!${this.nextId('')}`;
    this.accessTokens.add(access);
    return {
      access_token: access,
      ...(refresh
        ? {}
        : {
            refresh_token: (() => {
              const token = `5Aep${this.nextId('')}`;
              this.refreshTokens.add(token);
              return token;
            })(),
          }),
      signature: 'fake-signature',
      scope: 'api refresh_token',
      instance_url: this.base,
      id: `${this.base}/id/${ORG_ID}/005FAKE0000000001`,
      token_type: 'Bearer',
      issued_at: String(Date.now()),
    };
  }

  private token(form: Record<string, string>, send: Send) {
    if (
      form.client_id !== FAKE_SALESFORCE_CLIENT.clientId ||
      form.client_secret !== FAKE_SALESFORCE_CLIENT.clientSecret
    ) {
      send(400, { error: 'invalid_client_id', error_description: 'client identifier invalid' });
      return;
    }
    if (form.grant_type === 'authorization_code') {
      const code = this.codes.get(form.code ?? '');
      this.codes.delete(form.code ?? '');
      const challenge = createHash('sha256')
        .update(form.code_verifier ?? '')
        .digest('base64url');
      if (!code || code.redirectUri !== form.redirect_uri) {
        send(400, { error: 'invalid_grant', error_description: 'authentication failure' });
        return;
      }
      if (code.challenge !== challenge) {
        send(400, { error: 'invalid_request', error_description: 'invalid code verifier' });
        return;
      }
      send(200, this.grant());
      return;
    }
    if (form.grant_type === 'refresh_token') {
      const token = form.refresh_token ?? '';
      if (!this.refreshTokens.has(token) || this.revokedTokens.has(token)) {
        send(400, { error: 'invalid_grant', error_description: 'expired access/refresh token' });
        return;
      }
      send(200, this.grant(token));
      return;
    }
    send(400, { error: 'unsupported_grant_type', error_description: 'grant type not supported' });
  }

  /** Salesforce's refusal of a record's fields, or null. */
  private invalid(type: FakeObject, fields: Record<string, string>, creating: boolean): unknown[] | null {
    for (const name of Object.keys(fields)) {
      if (!FIELDS[type].includes(name)) {
        return [
          {
            message: `No such column '${name}' on sobject of type ${type}`,
            errorCode: 'INVALID_FIELD',
            fields: [],
          },
        ];
      }
      const refused = this.refusedFields.get(name);
      if (refused)
        return [{ message: refused, errorCode: 'FIELD_CUSTOM_VALIDATION_EXCEPTION', fields: [name] }];
    }
    const required = type === 'Lead' ? ['LastName', 'Company'] : ['LastName'];
    const missing = creating ? required.filter((name) => !fields[name]) : [];
    if (missing.length > 0) {
      return [
        {
          message: `Required fields are missing: [${missing.join(', ')}]`,
          errorCode: 'REQUIRED_FIELD_MISSING',
          fields: missing,
        },
      ];
    }
    return null;
  }

  private view(record: FakeRecord, wanted: string[]) {
    const row: Record<string, unknown> = {
      attributes: { type: record.type, url: `${API}/sobjects/${record.type}/${record.Id}` },
    };
    for (const name of wanted) row[name] = name === 'Id' ? record.Id : (record.fields[name] ?? null);
    return row;
  }

  private rest(method: string, path: string, url: URL, body: Record<string, string>, send: Send) {
    const describe = /^\/sobjects\/(Contact|Lead)\/describe$/.exec(path);
    if (method === 'GET' && describe) {
      const type = describe[1] as FakeObject;
      const fields = [
        { name: 'Id', label: `${type} ID`, createable: false, updateable: false, calculated: false },
        { name: 'Name', label: 'Full Name', createable: false, updateable: false, calculated: false },
        ...FIELDS[type].map((name) => ({
          name,
          label: name,
          createable: true,
          updateable: true,
          calculated: false,
        })),
      ];
      send(200, { name: type, fields });
      return;
    }
    if (method === 'GET' && path === '/query') {
      this.query(url.searchParams.get('q') ?? '', send);
      return;
    }
    const create = /^\/sobjects\/(Contact|Lead|Note)$/.exec(path);
    if (method === 'POST' && create) {
      if (create[1] === 'Note') {
        if (!this.records.has(body.ParentId ?? '')) {
          send(400, [
            {
              message: 'Parent ID: id value of incorrect type',
              errorCode: 'FIELD_INTEGRITY_EXCEPTION',
              fields: ['ParentId'],
            },
          ]);
          return;
        }
        const note = {
          Id: this.nextId('002'),
          ParentId: body.ParentId ?? '',
          Title: body.Title ?? '',
          Body: body.Body ?? '',
          OwnerId: body.OwnerId,
        };
        this.notes.push(note);
        send(201, { id: note.Id, success: true, errors: [] });
        return;
      }
      const type = create[1] as FakeObject;
      const invalid = this.invalid(type, body, true);
      if (invalid) {
        send(400, invalid);
        return;
      }
      const record = this.addRecord(type, body);
      send(201, { id: record.Id, success: true, errors: [] });
      return;
    }
    const one = /^\/sobjects\/(Contact|Lead)\/(\w+)$/.exec(path);
    const record = one ? this.records.get(one[2] ?? '') : undefined;
    if (one && (!record || record.type !== one[1])) {
      send(404, [{ message: 'The requested resource does not exist', errorCode: 'NOT_FOUND' }]);
      return;
    }
    if (record && method === 'GET') {
      send(200, this.view(record, (url.searchParams.get('fields') ?? 'Id').split(',')));
      return;
    }
    if (record && method === 'PATCH') {
      const invalid = this.invalid(record.type, body, false);
      if (invalid) {
        send(400, invalid);
        return;
      }
      Object.assign(record.fields, body);
      send(204, undefined);
      return;
    }
    send(404, [{ message: `no route ${method} ${path}`, errorCode: 'NOT_FOUND' }]);
  }

  private query(soql: string, send: Send) {
    if (/^SELECT Id, Name FROM User WHERE IsActive = true/.test(soql)) {
      send(200, {
        totalSize: FAKE_USERS.length,
        done: true,
        records: FAKE_USERS.map((user) => ({ attributes: { type: 'User' }, ...user })),
      });
      return;
    }
    const match =
      /^SELECT (.+) FROM (Contact|Lead) WHERE Email = '((?:[^'\\]|\\.)*)'( AND IsConverted = false)? ORDER BY CreatedDate LIMIT 1$/.exec(
        soql,
      );
    if (!match) {
      send(400, [{ message: `unexpected query: ${soql}`, errorCode: 'MALFORMED_QUERY' }]);
      return;
    }
    const wanted = (match[1] ?? '').split(',').map((name) => name.trim());
    const email = (match[3] ?? '').replace(/\\(.)/g, '$1');
    const found = this.recordsByEmail(match[2] as FakeObject, email).slice(0, 1);
    send(200, {
      totalSize: found.length,
      done: true,
      records: found.map((record) => this.view(record, wanted)),
    });
  }
}
