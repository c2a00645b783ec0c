import { describe, expect, it } from 'vitest';
import {
  createDailySalts,
  utcDay,
  visitorHash,
  type SaltStore,
} from '../../server/analytics/unique-visitors.ts';

// Unique visitors: a visitor is a hash of their address and user agent with a salt of
// the UTC day, so the same person is one visitor within a day and unrecognisable the next.

/** A store that makes a new salt for each day it is asked about, and counts the asks. */
function memoryStore() {
  const salts = new Map<string, string>();
  const store: SaltStore & { asked: string[] } = {
    asked: [],
    async saltOf(day) {
      store.asked.push(day);
      if (!salts.has(day)) salts.set(day, `salt-of-${day}-${salts.size}`);
      return salts.get(day) ?? '';
    },
  };
  return store;
}

const PHONE = { address: '203.0.113.9', userAgent: 'Mozilla/5.0 (iPhone) Safari/604.1' };

describe('utcDay', () => {
  it('is the UTC date of a moment', () => {
    expect(utcDay(Date.parse('2026-03-20T23:59:59.999Z'))).toBe('2026-03-20');
    expect(utcDay(Date.parse('2026-03-21T00:00:00Z'))).toBe('2026-03-21');
  });
});

describe('the daily salt of unique-visitor hashes', () => {
  it('gives the same visitor the same hash within a day, another one the next day', async () => {
    let now = Date.parse('2026-03-20T08:00:00Z');
    const store = memoryStore();
    const salts = createDailySalts(store, () => now);
    const first = visitorHash((await salts.saltFor('2026-03-20')) ?? '', PHONE);
    now = Date.parse('2026-03-20T23:59:00Z');
    expect(visitorHash((await salts.saltFor('2026-03-20')) ?? '', PHONE)).toBe(first);
    // another browser at the same address is another visitor
    const laptop = { ...PHONE, userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0' };
    expect(visitorHash((await salts.saltFor('2026-03-20')) ?? '', laptop)).not.toBe(first);
    // the salt was asked of the store once that day
    expect(store.asked).toEqual(['2026-03-20']);

    now = Date.parse('2026-03-21T00:00:01Z');
    const next = visitorHash((await salts.saltFor('2026-03-21')) ?? '', PHONE);
    expect(next).not.toBe(first);
    expect(next).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(store.asked).toEqual(['2026-03-20', '2026-03-21']);
  });

  it('has no salt for a day that is over: its visits are not hashed again', async () => {
    const now = Date.parse('2026-03-21T00:00:01Z');
    const store = memoryStore();
    const salts = createDailySalts(store, () => now);
    expect(await salts.saltFor('2026-03-20')).toBeNull();
    expect(store.asked).toEqual([]);
  });

  it('asks again after a failed read', async () => {
    const now = Date.parse('2026-03-20T08:00:00Z');
    let fail = true;
    const salts = createDailySalts(
      {
        saltOf: async () => {
          if (fail) throw new Error('database away');
          return 'salt';
        },
      },
      () => now,
    );
    await expect(salts.saltFor('2026-03-20')).rejects.toThrow('database away');
    fail = false;
    await expect(salts.saltFor('2026-03-20')).resolves.toBe('salt');
  });
});
