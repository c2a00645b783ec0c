import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildState } from '../../scripts/build-if-stale.mjs';

// npm start builds only when a source the build reads is newer than the build (scripts/build-if-stale.mjs):
// `npm run lint` compiles the client's translation catalogs into locales/*/messages.json (messages.js before
// the compiled server catalogs were JSON), which the build never reads, and must not make the next start
// build again. The server's compiled catalogs (locales/*/server.json) it does read.

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A checkout with a build made at `builtAt` (seconds since the epoch) and sources older than it. */
function checkout(builtAt: number): { root: string; touch: (file: string, at: number) => void } {
  const root = mkdtempSync(path.join(tmpdir(), 'tapcard-build-state-'));
  roots.push(root);
  const touch = (file: string, at: number) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), '');
    utimesSync(path.join(root, file), at, at);
  };
  for (const source of ['server/main.ts', 'web/main.tsx', 'locales/es/messages.po', 'package-lock.json'])
    touch(source, builtAt - 100);
  for (const output of ['dist/server/main.js', 'dist/web/index.html']) touch(output, builtAt);
  return { root, touch };
}

describe('whether npm start builds first', () => {
  it('builds when there is no build, and not when every source is older than it', () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'tapcard-build-state-'));
    roots.push(empty);
    expect(buildState(empty)).toBe('none');
    expect(buildState(checkout(1_800_000_000).root)).toBe('fresh');
  });

  it('builds again after a source changed, a catalog (.po) included', () => {
    const { root, touch } = checkout(1_800_000_000);
    touch('locales/es/messages.po', 1_800_000_100);
    expect(buildState(root)).toBe('stale');
    const other = checkout(1_800_000_000);
    other.touch('server/lib/new-file.ts', 1_800_000_100);
    expect(buildState(other.root)).toBe('stale');
  });

  it('does not build again for the catalogs npm run lint compiles, which the build never reads', () => {
    const { root, touch } = checkout(1_800_000_000);
    touch('locales/en/messages.js', 1_800_000_100);
    touch('locales/es/messages.json', 1_800_000_100);
    expect(buildState(root)).toBe('fresh');
  });

  it("builds again for the server's compiled catalogs, which the server bundles", () => {
    const { root, touch } = checkout(1_800_000_000);
    touch('locales/es/server.json', 1_800_000_100);
    expect(buildState(root)).toBe('stale');
  });
});
