import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type OidcContext } from 'oidc-provider';

// A real OpenID Connect provider for the company sign-in tests (node oidc-provider, a certified
// implementation) on loopback: one client (Tapcard's), the people a test adds, and its development login
// page (type the person's id as the login, any password). A first-party client: its consent is given.

export interface TestOidcPerson {
  /** The subject (`sub`) the provider names the person by, and what its login page takes as the login. */
  subject: string;
  email: string;
  name: string;
}

export interface TestOidcProvider {
  /** The issuer, also the origin the app must be allowed to call (SSO_PRIVATE_ORIGINS). */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Adds or changes a person. */
  setPerson(person: TestOidcPerson): void;
  /** Opens the provider to Tapcard's client, which may come back to `redirectUris` (the app's callbacks). */
  allowClient(redirectUris: readonly string[]): void;
  close(): Promise<void>;
}

type RequestHandler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * Starts a provider on 127.0.0.1 (`port`, or a free one); it answers 503 until allowClient names the client's
 * redirect URIs (which need the team, which needs the app, which needs the issuer).
 */
export async function startOidcProvider({ port = 0 }: { port?: number } = {}): Promise<TestOidcProvider> {
  const people = new Map<string, TestOidcPerson>();
  const clientId = 'tapcard';
  const clientSecret = 'a-client-secret-only-the-server-knows';
  let handle: RequestHandler | null = null;
  const server: Server = createServer((req, res) => {
    if (handle) handle(req, res);
    else res.writeHead(503).end();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const providerFor = (redirectUris: readonly string[]) =>
    new Provider(issuer, {
      clients: [
        {
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uris: [...redirectUris],
          grant_types: ['authorization_code'],
          response_types: ['code'],
        },
      ],
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
      findAccount: (_ctx, id) => {
        const person = people.get(id);
        return Promise.resolve(
          person && {
            accountId: id,
            claims: () => ({ sub: id, email: person.email, email_verified: true, name: person.name }),
          },
        );
      },
      // Tapcard is the company's own client: the person is not asked to consent
      loadExistingGrant: async (ctx: OidcContext) => {
        const accountId = ctx.oidc.session?.accountId;
        const client = ctx.oidc.client;
        if (!accountId || !client) return undefined;
        const grant = new ctx.oidc.provider.Grant({ accountId, clientId: client.clientId });
        grant.addOIDCScope('openid email profile');
        await grant.save();
        return grant;
      },
      cookies: { keys: ['tapcard-test-oidc-cookie-key'] },
      features: { devInteractions: { enabled: true } },
    });
  return {
    issuer,
    clientId,
    clientSecret,
    setPerson: (person) => void people.set(person.subject, person),
    allowClient: (redirectUris) => {
      handle = providerFor(redirectUris).callback();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // the app's fetches keep their connections open
        server.closeAllConnections();
      }),
  };
}

/** Cookies by name, as a browser would keep them for one site (paths are not told apart). */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      if (index > 0) this.cookies.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim());
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * What a browser does at the provider between the app's redirect and the provider's answer: it opens the
 * authorization URL, is shown the login page, signs in as `subject` and follows the redirects until the
 * one back to the app, which is returned (the callback URL with its code and state).
 */
export async function signInAtProvider(authorizationUrl: string, subject: string): Promise<URL> {
  const jar = new CookieJar();
  const go = async (url: string, init: RequestInit = {}): Promise<Response> => {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string> | undefined), cookie: jar.header() },
    });
    jar.take(response);
    return response;
  };
  const origin = new URL(authorizationUrl).origin;
  let response = await go(authorizationUrl);
  for (let hop = 0; hop < 10; hop += 1) {
    const location = response.headers.get('location');
    if (!location) throw new Error(`the provider answered ${response.status} without a redirect`);
    const next = new URL(location, origin);
    if (next.origin !== origin) return next;
    response = await go(next.href);
    if (response.status === 200 && next.pathname.startsWith('/interaction/')) {
      const page = await response.text();
      if (!page.includes('name="login"')) throw new Error('the provider did not show its login page');
      response = await go(next.href, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ prompt: 'login', login: subject, password: 'any' }).toString(),
      });
    }
  }
  throw new Error('the provider never sent the browser back');
}
