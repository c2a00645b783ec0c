import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { CrmProvider } from '../../src/crm.ts';
import { CrmFailure, type CrmConnector, type CrmSession, type CrmTokens } from './connector.ts';
import type { CrmConnectors } from './connectors.ts';
import type { TokenSeal } from './sealing.ts';

// A connection's access token for a call to its CRM: opened from its seal, refreshed a minute before it
// expires or when the CRM refuses it, and the new tokens sealed again. A CRM that refuses the refresh token
// (revoked at the CRM, the app uninstalled) marks the connection to be connected again, with the CRM's words.

/** Refresh this long before the access token's end, so that no call starts with one about to expire. */
const REFRESH_MARGIN_MS = 60_000;

export interface CrmParts {
  seal: TokenSeal;
  connectors: CrmConnectors;
}

export interface ConnectionTokens {
  id: string;
  provider: CrmProvider;
  access_token: string;
  refresh_token: string;
  access_expires_at: Date;
  api_base: string | null;
  status: 'connected' | 'reconnect';
}

/** The connector of a connection's CRM; a CRM the operator no longer offers refuses (unavailable). */
export function connectorOf(parts: CrmParts, provider: CrmProvider): CrmConnector {
  const connector = parts.connectors[provider];
  if (!connector) throw new CrmFailure('unavailable', `${provider} is not set up on this server`);
  return connector;
}

/** Marks the connection to be connected again, with why. */
export async function markReconnect(
  db: Kysely<Database>,
  connectionId: string,
  detail: string,
): Promise<void> {
  await db
    .updateTable('crm_connections')
    .set({ status: 'reconnect', status_detail: detail, updated_at: sql<Date>`now()` })
    .where('id', '=', connectionId)
    .execute();
}

export function sealedTokens(seal: TokenSeal, tokens: CrmTokens) {
  return {
    access_token: seal.seal(tokens.accessToken),
    refresh_token: seal.seal(tokens.refreshToken),
    access_expires_at: tokens.expiresAt,
    api_base: tokens.apiBase,
  };
}

/**
 * Runs `call` with the connection's access token, refreshing it as needed (once more after a refusal); a
 * refresh is written to the row and to `connection`.
 */
export async function withAccessToken<T>(
  db: Kysely<Database>,
  parts: CrmParts,
  connection: ConnectionTokens,
  call: (session: CrmSession) => Promise<T>,
): Promise<T> {
  if (connection.status === 'reconnect') {
    throw new CrmFailure('revoked', 'the connection must be made again');
  }
  const connector = connectorOf(parts, connection.provider);
  const access = parts.seal.open(connection.access_token);
  const refreshToken = parts.seal.open(connection.refresh_token);
  if (access === null || refreshToken === null) {
    const detail = 'the tokens were sealed under another AUTH_SECRET';
    await markReconnect(db, connection.id, detail);
    throw new CrmFailure('revoked', detail);
  }
  const refresh = async (): Promise<CrmSession> => {
    let tokens: CrmTokens;
    try {
      tokens = await connector.refresh(refreshToken);
    } catch (error) {
      if (error instanceof CrmFailure && error.kind === 'revoked')
        await markReconnect(db, connection.id, error.detail);
      throw error;
    }
    // a CRM that names no API address on a refresh keeps the one it named before
    const sealed = sealedTokens(parts.seal, { ...tokens, apiBase: tokens.apiBase ?? connection.api_base });
    await db
      .updateTable('crm_connections')
      .set({ ...sealed, updated_at: sql<Date>`now()` })
      .where('id', '=', connection.id)
      .execute();
    // the caller's next call (the same try's next step) starts from the new token
    Object.assign(connection, sealed);
    return { accessToken: tokens.accessToken, apiBase: sealed.api_base };
  };
  let session: CrmSession = { accessToken: access, apiBase: connection.api_base };
  let refreshed = false;
  if (connection.access_expires_at.getTime() - Date.now() < REFRESH_MARGIN_MS) {
    session = await refresh();
    refreshed = true;
  }
  try {
    return await call(session);
  } catch (error) {
    if (refreshed || !(error instanceof CrmFailure) || error.kind !== 'token') throw error;
    return call(await refresh());
  }
}
