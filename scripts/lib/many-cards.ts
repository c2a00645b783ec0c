// Many cards in a database, and a visitor for each (npm run bench:memory, the cold round of npm run bench,
// and the API tests that fill a server's caches): owners with a Pro plan, one filled vCard and two profile
// links each, written in a few large inserts; then each card's page and short links requested over HTTP, a
// few at a time, each request timed.
import { randomBytes, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { generateLinkCode } from '../../server/lib/link-codes.ts';

const CHUNK = 500;
const LINKS_PER_CARD = 2;
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

export interface SeededCard {
  username: string;
  codes: string[];
}

/** Writes `count` owners with a card and two profile links each; returns their names and link codes. */
export async function seedCards(db: Kysely<Database>, count: number): Promise<SeededCard[]> {
  const prefix = randomBytes(3).toString('hex');
  const seeded: SeededCard[] = [];
  for (let start = 0; start < count; start += CHUNK) {
    const owners = Array.from({ length: Math.min(CHUNK, count - start) }, (_, i) => {
      const n = start + i;
      return { id: randomUUID(), username: `card-${prefix}-${n}`, name: `Person Number ${n}` };
    });
    await db
      .insertInto('users')
      .values(owners.map(({ id, username, name }) => ({ id, name, email: `${username}@example.com` })))
      .execute();
    await db
      .insertInto('profiles')
      .values(
        owners.map(({ id, username, name }) => ({
          id,
          name,
          username,
          email: `${username}@example.com`,
          plan_type: 'pro',
          trial_start_date: new Date(),
          initialized: true,
        })),
      )
      .execute();
    await db
      .insertInto('vcards')
      .values(
        owners.map(({ id, username, name }) => ({
          user_id: id,
          name,
          position: 'Head of Engineering',
          company: 'Analytical Engines Ltd',
          phone: '+44 20 7946 0000',
          email: `${username}@example.com`,
          website: `https://${username}.example.com`,
          social_links: JSON.stringify([
            { platform: 'linkedin', url: `https://www.linkedin.com/in/${username}` },
            { platform: 'github', url: `https://github.com/${username}` },
          ]),
        })),
      )
      .execute();
    const cards = owners.map(({ username }) => ({
      username,
      codes: Array.from({ length: LINKS_PER_CARD }, () => generateLinkCode()),
    }));
    await db
      .insertInto('links')
      .values(
        owners.flatMap(({ id, username }, i) =>
          cards[i]!.codes.map((code, index) => ({
            user_id: id,
            kind: 'profile' as const,
            title: `My link ${index + 1}`,
            url: `https://${username}.example.com/page-${index + 1}`,
            order_index: index,
            code,
          })),
        ),
      )
      .execute();
    seeded.push(...cards);
  }
  return seeded;
}

/** A request a visitor makes and the status it must answer. */
export interface CardVisit {
  path: string;
  status: number;
}

/** Each card's page and its first `links` short links (all of them by default). */
export function visitsOf(cards: SeededCard[], links = LINKS_PER_CARD): CardVisit[] {
  return cards.flatMap((card) => [
    { path: `/${card.username}`, status: 200 },
    ...card.codes.slice(0, links).map((code) => ({ path: `/l/${code}`, status: 302 })),
  ]);
}

/**
 * Makes `visits` as a phone browser, `concurrency` at a time, spread over `origins` in turn; returns how
 * long each took (ms, in the order of `visits`) and throws on any answer but the expected one.
 */
export async function timeVisits(origins: string[], visits: CardVisit[], concurrency = 8): Promise<number[]> {
  const took: number[] = new Array<number>(visits.length);
  let next = 0;
  const worker = async () => {
    while (next < visits.length) {
      const index = next++;
      const { path, status } = visits[index]!;
      const started = performance.now();
      const response = await fetch(origins[index % origins.length] + path, {
        redirect: 'manual',
        headers: { 'user-agent': PHONE, 'accept-language': 'en-GB,en;q=0.9', 'accept-encoding': 'gzip' },
      });
      await response.arrayBuffer();
      took[index] = performance.now() - started;
      if (response.status !== status) throw new Error(`${path} answered ${response.status}, not ${status}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return took;
}

/**
 * Requests each card's page and short links from the server at `origin`, `concurrency` at a time, as a
 * phone browser; throws on any answer but the expected one.
 */
export async function visitCards(origin: string, cards: SeededCard[], concurrency = 8): Promise<void> {
  await timeVisits([origin], visitsOf(cards), concurrency);
}

/** The resident set size of a process now and at its highest, in MB (Linux: /proc/{pid}/status). */
export async function residentMemory(pid: number): Promise<{ rssMb: number; peakMb: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}
