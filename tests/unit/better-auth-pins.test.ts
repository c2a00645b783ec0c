import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// better-auth's plugins are released apart from it and ask for older copies of its own packages. Two copies
// of better-call or @better-auth/core would run two endpoint and error types side by side, so the
// overrides block of package.json pins each plugin's copies to exactly the versions better-auth itself uses.

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;

const PINNED_PLUGINS: Record<string, string[]> = {
  '@better-auth/api-key': ['@better-auth/core', '@better-auth/utils', 'better-call'],
  '@better-auth/passkey': ['@better-auth/core', '@better-auth/utils', '@better-fetch/fetch', 'better-call'],
  '@better-auth/sso': ['@better-auth/core', '@better-auth/utils', '@better-fetch/fetch', 'better-call'],
};

describe.each(Object.entries(PINNED_PLUGINS))('%s’s dependencies', (plugin, pinned) => {
  it('are overridden to exactly the versions better-auth itself uses, so one copy of each is installed', () => {
    const overrides = (readJson('package.json').overrides as Record<string, Record<string, string>>)[plugin];
    const betterAuth = readJson('node_modules/better-auth/package.json').dependencies as Record<
      string,
      string
    >;
    expect(Object.keys(overrides ?? {}).sort()).toEqual(pinned);
    for (const [name, version] of Object.entries(overrides ?? {})) {
      expect(version, name).toBe(betterAuth[name]);
      expect(readJson(`node_modules/${name}/package.json`).version, name).toBe(version);
    }
    expect(existsSync(`node_modules/${plugin}/node_modules`)).toBe(false);
  });

  it('is installed at the exact version package.json names', () => {
    const wanted = (readJson('package.json').dependencies as Record<string, string>)[plugin];
    expect(readJson(`node_modules/${plugin}/package.json`).version).toBe(wanted);
  });
});
