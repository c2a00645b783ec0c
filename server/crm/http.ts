import { CrmFailure } from './connector.ts';

// The one way connectors call a CRM: JSON or a form, a 10 s bound, and every answer that is not 2xx turned
// into a CrmFailure of its kind by the connector's reading of the CRM's errors.

const CRM_TIMEOUT_MS = 10_000;

/** The most of a CRM's words a sync's row keeps. */
export const CRM_DETAIL_MAX_LENGTH = 300;

export interface CrmAnswer {
  status: number;
  headers: Headers;
  body: unknown;
}

export async function crmRequest(
  url: string,
  init: { method: string; token?: string; json?: unknown; form?: Record<string, string> },
): Promise<CrmAnswer> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  let body: string | undefined;
  if (init.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.json);
  } else if (init.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(init.form).toString();
  }
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method,
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(CRM_TIMEOUT_MS),
    });
  } catch (error) {
    throw new CrmFailure('unavailable', (error as Error).message.slice(0, CRM_DETAIL_MAX_LENGTH));
  }
  const text = await response.text().catch(() => '');
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  return { status: response.status, headers: response.headers, body: parsed };
}

/** Seconds a 429 asks to wait (Retry-After in seconds or as a date), or `fallback`. */
export function retryAfterSeconds(headers: Headers, fallback: number): number {
  const value = headers.get('retry-after');
  if (!value) return fallback;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const at = Date.parse(value);
  return Number.isNaN(at) ? fallback : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/** A CRM's words, cut to what a row keeps. */
export function detailOf(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, CRM_DETAIL_MAX_LENGTH);
}
