// The part of oidc-provider (no types of its own) that the company sign-in tests use: a certified OpenID
// Connect provider, with its development login page, on loopback.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface OidcAccount {
    accountId: string;
    claims(): Record<string, unknown> | Promise<Record<string, unknown>>;
  }
  export interface OidcGrant {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }
  export interface OidcContext {
    oidc: {
      client?: { clientId: string };
      session?: { accountId?: string };
      provider: Provider;
    };
  }
  export interface ProviderConfiguration {
    clients: Record<string, unknown>[];
    findAccount(ctx: unknown, id: string): Promise<OidcAccount | undefined>;
    claims?: Record<string, string[]>;
    loadExistingGrant?(ctx: OidcContext): Promise<OidcGrant | undefined>;
    cookies?: { keys: string[] };
    features?: Record<string, { enabled: boolean }>;
    pkce?: { required(): boolean };
    ttl?: Record<string, number>;
  }
  export default class Provider {
    constructor(issuer: string, configuration: ProviderConfiguration);
    Grant: new (fields: { accountId: string; clientId: string }) => OidcGrant;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    on(event: string, listener: (...args: unknown[]) => void): void;
  }
}
