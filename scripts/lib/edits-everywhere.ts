// The bench's check that an edit shows on every server within a second while they are under load from
// their start (docs/deploy.md, "Running several servers"): signed in as the demo account, it saves one card through each
// server in turn, once a second; after each save it asks every server for that card's public page until
// the page shows the saved name. A server that shows it later than the limit, or never, fails the check.
// The servers cache public pages and drop them on the change notice the saving server sends
// (server/lib/changes.ts), so a notice that waits or is lost shows here as a late or missing edit.
import { setTimeout as sleep } from 'node:timers/promises';
import superjson from 'superjson';
import { serverPaths } from '../../src/routes.ts';
import { vcardFormValues, type StoredVcard } from '../../src/vcard-form.ts';

/** Every edit is on every server within this time. */
export const EDIT_SHOWN_WITHIN_MS = 1_000;
/** How long a server is asked for an edit before it counts as never shown. */
const GIVE_UP_MS = 10_000;
const POLL_MS = 25;
const EDIT_EVERY_MS = 1_000;
/** A bot's read is served from the same cache as a person's and counts no view. */
const READER = 'TapcardBenchBot/1.0';

export interface EditsReport {
  edits: number;
  /** From the first save to the last one shown. */
  spanMs: number;
  /** The longest time from a save's answer to its name on a server's page. */
  slowestMs: number;
  /** Edits a server showed late or never: which edit, through which server, on which. */
  late: { edit: number; savedOn: number; shownOn: number; ms: number | null }[];
}

/** A session cookie of the account, signed in through `origin`'s e-mail and password sign-in. */
export async function signIn(origin: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`signing in as ${email} answered HTTP ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';', 1)[0])
    .join('; ');
}

async function trpc<T>(origin: string, cookie: string, procedure: string, input: unknown, mutation: boolean) {
  const url = `${origin}${serverPaths.trpc}/${procedure}`;
  const body = JSON.stringify(superjson.serialize(input));
  const response = mutation
    ? await fetch(url, {
        method: 'POST',
        headers: { cookie, origin, 'content-type': 'application/json' },
        body,
      })
    : await fetch(`${url}?input=${encodeURIComponent(body)}`, { headers: { cookie } });
  const answer = (await response.json()) as {
    result?: { data: Parameters<typeof superjson.deserialize>[0] };
  };
  if (!response.ok || !answer.result) throw new Error(`${procedure} answered HTTP ${response.status}`);
  return superjson.deserialize<T>(answer.result.data);
}

/** Saves the card through `origin` with `name`; returns when the server has answered. */
async function saveName(origin: string, cookie: string, cardId: string, name: string): Promise<void> {
  const card = await trpc<StoredVcard & { id: string; version: number }>(
    origin,
    cookie,
    'vcards.get',
    { id: cardId },
    false,
  );
  await trpc(
    origin,
    cookie,
    'vcards.update',
    { ...vcardFormValues(card, null), id: cardId, baseVersion: card.version, name },
    true,
  );
}

/** Milliseconds until `origin`'s page at `path` shows `name`, or null after GIVE_UP_MS. */
async function shownAfter(
  origin: string,
  path: string,
  name: string,
  savedAt: number,
): Promise<number | null> {
  while (Date.now() - savedAt < GIVE_UP_MS) {
    const page = await fetch(origin + path, { headers: { 'user-agent': READER } });
    if ((await page.text()).includes(name)) return Date.now() - savedAt;
    await sleep(POLL_MS);
  }
  return null;
}

/**
 * Saves the card at `path` (/vcard/{id}) once a second, through each origin in turn, until `stop` is called
 * or `windowMs` has passed, and checks each save on every origin. The report comes once the last save is
 * shown (or given up on).
 */
export function editEverySecond(options: {
  origins: string[];
  cookie: string;
  cardId: string;
  path: string;
  windowMs: number;
}): { stop: () => Promise<EditsReport> } {
  const { origins, cookie, cardId, path, windowMs } = options;
  const report: EditsReport = { edits: 0, spanMs: 0, slowestMs: 0, late: [] };
  let stopped = false;
  const started = Date.now();
  const edits = (async () => {
    while (!stopped && Date.now() - started < windowMs) {
      const edit = report.edits + 1;
      const savedOn = (edit - 1) % origins.length;
      const name = `Bench edit ${edit} ${started}`;
      const next = sleep(EDIT_EVERY_MS);
      await saveName(origins[savedOn]!, cookie, cardId, name);
      const savedAt = Date.now();
      report.edits = edit;
      const shown = await Promise.all(origins.map((origin) => shownAfter(origin, path, name, savedAt)));
      for (const [shownOn, ms] of shown.entries()) {
        if (ms !== null) report.slowestMs = Math.max(report.slowestMs, ms);
        if (ms === null || ms > EDIT_SHOWN_WITHIN_MS) report.late.push({ edit, savedOn, shownOn, ms });
      }
      report.spanMs = Date.now() - started;
      await next;
    }
  })();
  // a save that fails ends the edits; the error is told when they are stopped
  let failure: unknown = null;
  const ended = edits.catch((error: unknown) => {
    failure = error;
  });
  return {
    stop: async () => {
      stopped = true;
      await ended;
      if (failure) throw failure;
      return report;
    },
  };
}
