import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pino } from 'pino';
import superjson, { type SuperJSONResult } from 'superjson';
import {
  CHANGE_TOPICS,
  createLocalChangeBus,
  createPostgresChangeBus,
  type ChangeBus,
} from '../../server/lib/changes.ts';
import { COALESCE_MS, type LiveChanges } from '../../server/live/service.ts';
import { emptyVcardForm } from '../../src/schemas/vcard.ts';
import { addLead } from '../support/factories.ts';
import {
  buildTestApp,
  createTestDatabase,
  signUp,
  trpcMutate,
  type TestApp,
  type TestDatabase,
} from '../support/harness.ts';
import { addTeamCard, addTeamOfFour } from '../support/teams.ts';
import { needsPostgres } from '../support/postgres.ts';

// Live updates (server/live): the live.changes subscription as a browser's EventSource reads it, over a
// real listening server, on the embedded database and on PostgreSQL.

interface ServerSentEvent {
  /** 'message' for data, or the name tRPC gives it: connected, ping, serialized-error, return. */
  event: string;
  data: string;
}

interface LiveStream {
  status: number;
  headers: Headers;
  events: ServerSentEvent[];
  /** The data messages received so far. */
  messages(): LiveChanges[];
  /** Settles when the server ends the stream (or it is closed here). */
  ended: Promise<void>;
  close(): void;
}

function parseEvent(block: string): ServerSentEvent | null {
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith('event: ')) event = line.slice('event: '.length);
    else if (line.startsWith('data: ')) data.push(line.slice('data: '.length));
  }
  return data.length > 0 ? { event, data: data.join('\n') } : null;
}

/** Opens live.changes the way an EventSource does (GET, Accept: text/event-stream, the session cookie). */
async function openLiveStream(baseUrl: string, cookie?: string): Promise<LiveStream> {
  const abort = new AbortController();
  const response = await fetch(`${baseUrl}/api/trpc/live.changes`, {
    headers: { accept: 'text/event-stream', ...(cookie ? { cookie } : {}) },
    signal: abort.signal,
  });
  const events: ServerSentEvent[] = [];
  const body = response.body;
  if (!body) throw new Error('the live stream has no body');
  const ended = (async () => {
    const reader = body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        buffer += chunk.value;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const event = parseEvent(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          if (event) events.push(event);
        }
      }
    } catch (error) {
      if (!abort.signal.aborted) throw error;
    }
  })();
  return {
    status: response.status,
    headers: response.headers,
    events,
    messages: () =>
      events
        .filter((event) => event.event === 'message')
        .map((event) => superjson.deserialize<LiveChanges>(JSON.parse(event.data) as SuperJSONResult)),
    ended,
    close: () => abort.abort(),
  };
}

/** Waits until the stream is open on the server (tRPC's first event). */
async function connected(stream: LiveStream): Promise<void> {
  await vi.waitFor(() => expect(stream.events.map((event) => event.event)).toContain('connected'));
}

/** Long enough for a notice to have become a message, had it been sent. */
function quietPeriod(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, COALESCE_MS * 3));
}

/** A change bus that counts its listeners and can tell them notices were lost, around the real one. */
function observedBus(inner: ChangeBus) {
  let changeListeners = 0;
  const resetListeners = new Set<() => void>();
  const bus: ChangeBus = {
    publish: (change) => inner.publish(change),
    subscribe(listener) {
      changeListeners += 1;
      const stop = inner.subscribe(listener);
      let stopped = false;
      return () => {
        if (stopped) return;
        stopped = true;
        changeListeners -= 1;
        stop();
      };
    },
    onReset(listener) {
      const own = () => listener();
      resetListeners.add(own);
      const stop = inner.onReset(own);
      return () => {
        resetListeners.delete(own);
        stop();
      };
    },
    get connected() {
      return inner.connected;
    },
    close: () => inner.close(),
  };
  return {
    bus,
    listeners: () => ({ changes: changeListeners, resets: resetListeners.size }),
    reset: () => resetListeners.forEach((listener) => listener()),
  };
}

function vcard(name: string) {
  return { ...emptyVcardForm(), name };
}

async function listen(app: TestApp): Promise<string> {
  await app.app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening on a port');
  return `http://127.0.0.1:${address.port}`;
}

let database: TestDatabase;
let observed: ReturnType<typeof observedBus>;
let t: TestApp;
let baseUrl: string;
const streams: LiveStream[] = [];

async function open(cookie?: string): Promise<LiveStream> {
  const stream = await openLiveStream(baseUrl, cookie);
  streams.push(stream);
  return stream;
}

beforeAll(async () => {
  database = await createTestDatabase();
  const config = database.config;
  // the bus this app would make for itself, observed
  observed = observedBus(
    config.kind === 'postgres'
      ? await createPostgresChangeBus(config.url, pino({ level: 'silent' }))
      : createLocalChangeBus(),
  );
  t = await buildTestApp({ database: config }, { changes: observed.bus });
  baseUrl = await listen(t);
});

afterAll(async () => {
  for (const stream of streams) stream.close();
  await t?.close();
  await observed?.bus.close();
  await database?.drop();
});

describe('live.changes', () => {
  it("streams the user's own changes as they happen, as server-sent events", async () => {
    const { cookie } = await signUp(t.app);
    const stream = await open(cookie);
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('text/event-stream');
    // nothing between the server and the browser may hold the stream back
    expect(stream.headers.get('cache-control')).toContain('no-transform');
    expect(stream.headers.get('x-accel-buffering')).toBe('no');
    // the app's security headers still apply, and no other site may read the stream
    expect(stream.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(stream.headers.get('access-control-allow-origin')).toBeNull();
    await connected(stream);

    const created = await trpcMutate(t.app, 'vcards.create', cookie, vcard('Live Card'));
    expect(created.statusCode, created.body).toBe(200);
    await vi.waitFor(() => expect(stream.messages()).toEqual([{ topics: ['cards'] }]));
  });

  it('sends a burst of notices as one message naming each topic once', async () => {
    const { cookie, userId } = await signUp(t.app);
    const stream = await open(cookie);
    await connected(stream);
    for (const topic of ['hits', 'hits', 'views', 'hits', 'views'] as const) {
      observed.bus.publish({ userId, topic });
    }
    await vi.waitFor(() => expect(stream.messages()).toHaveLength(1));
    expect(new Set(stream.messages()[0]?.topics)).toEqual(new Set(['hits', 'views']));
    expect(stream.messages()[0]?.topics).toHaveLength(2);
    await quietPeriod();
    expect(stream.messages()).toHaveLength(1);

    // the next change is a message of its own
    observed.bus.publish({ userId, topic: 'links' });
    await vi.waitFor(() =>
      expect(stream.messages()).toEqual([{ topics: expect.any(Array) }, { topics: ['links'] }]),
    );
  });

  it("never carries another user's changes", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const stream = await open(owner.cookie);
    await connected(stream);

    const created = await trpcMutate(t.app, 'vcards.create', other.cookie, vcard('Not Yours'));
    expect(created.statusCode, created.body).toBe(200);
    observed.bus.publish({ userId: other.userId, topic: 'hits' });
    await quietPeriod();
    expect(stream.messages()).toEqual([]);

    // the stream is alive: the owner's own change still arrives, alone
    observed.bus.publish({ userId: owner.userId, topic: 'views' });
    await vi.waitFor(() => expect(stream.messages()).toEqual([{ topics: ['views'] }]));
  });

  it("tells a team's owner and admins, on their team page, of a lead on a team card erased", async () => {
    const team = await addTeamOfFour(t);
    const { vcardId, accountId } = await addTeamCard(t.db, team.teamId, { memberId: team.member.userId });
    const lead = await addLead(t.db, { userId: accountId, vcardId });
    const owners = await open(team.owner.cookie);
    const admins = await open(team.admin.cookie);
    await connected(owners);
    await connected(admins);
    const erased = await trpcMutate(t.app, 'leads.team.erase', team.admin.cookie, { id: lead });
    expect(erased.statusCode, erased.body).toBe(200);
    for (const stream of [owners, admins]) {
      await vi.waitFor(() => expect(stream.messages()).toEqual([{ topics: ['leads'] }]));
    }
  });

  it('tells the browser to refetch everything when notices may have been lost', async () => {
    const { cookie } = await signUp(t.app);
    const stream = await open(cookie);
    await connected(stream);
    observed.reset();
    await vi.waitFor(() => expect(stream.messages()).toHaveLength(1));
    expect(new Set(stream.messages()[0]?.topics)).toEqual(new Set(CHANGE_TOPICS));
  });

  it('refuses a visitor without a session, and does not listen for them', async () => {
    const before = observed.listeners();
    const stream = await open();
    await stream.ended;
    const failure = stream.events.find((event) => event.event === 'serialized-error');
    expect(failure).toBeDefined();
    const error = superjson.deserialize<{ data: { code: string; reason: string } }>(
      JSON.parse(failure?.data ?? '{}') as SuperJSONResult,
    );
    expect(error.data).toMatchObject({ code: 'UNAUTHORIZED', reason: 'unauthenticated' });
    expect(stream.messages()).toEqual([]);
    expect(observed.listeners()).toEqual(before);
  });

  it('stops listening to the bus when the browser goes away', async () => {
    const { cookie } = await signUp(t.app);
    const before = observed.listeners();
    const stream = await open(cookie);
    await connected(stream);
    expect(observed.listeners()).toEqual({ changes: before.changes + 1, resets: before.resets + 1 });
    stream.close();
    await vi.waitFor(() => expect(observed.listeners()).toEqual(before));
  });

  it('is a GET, which the origin check lets through; a foreign POST is still refused', async () => {
    const { cookie } = await signUp(t.app);
    // a page on another site cannot POST as this browser; subscriptions are GET only in any case
    const foreign = await fetch(`${baseUrl}/api/trpc/live.changes`, {
      method: 'POST',
      headers: { cookie, origin: 'https://evil.example', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(foreign.status).toBe(403);
    expect(((await foreign.json()) as { reason: string }).reason).toBe('bad_origin');
  });
});

describe('closing the server', () => {
  it('cuts the open streams instead of waiting for them, and stops listening', async () => {
    const own = observedBus(createLocalChangeBus());
    const app = await buildTestApp({}, { changes: own.bus });
    try {
      const url = await listen(app);
      const { cookie } = await signUp(app.app);
      const before = own.listeners();
      const stream = await openLiveStream(url, cookie);
      await connected(stream);
      const started = Date.now();
      await app.app.close();
      // well under the 10 s after which main.ts gives up on a graceful stop
      expect(Date.now() - started).toBeLessThan(2_000);
      await stream.ended.catch(() => undefined);
      // the browser was not told the stream is over for good (it reconnects by itself)
      expect(stream.events.map((event) => event.event)).not.toContain('return');
      await vi.waitFor(() => expect(own.listeners().changes).toBeLessThanOrEqual(before.changes));
    } finally {
      await app.close();
    }
  });
});

// the embedded database lives inside one process, so this needs PostgreSQL: it is skipped without DATABASE_URL
describe('across server processes (PostgreSQL only)', needsPostgres(), () => {
  it("brings a change made through another process to this process's subscribers", async () => {
    // a second app on the same database, with its own LISTEN/NOTIFY bus: another server process
    const second = await buildTestApp({ database: database.config });
    try {
      const { cookie } = await signUp(t.app);
      const stream = await open(cookie);
      await connected(stream);
      const created = await trpcMutate(second.app, 'vcards.create', cookie, vcard('From Elsewhere'));
      expect(created.statusCode, created.body).toBe(200);
      await vi.waitFor(() => expect(stream.messages()).toEqual([{ topics: ['cards'] }]), { timeout: 5_000 });
    } finally {
      await second.close();
    }
  });
});
