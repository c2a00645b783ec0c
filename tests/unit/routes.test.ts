import { describe, expect, it } from 'vitest';
import { APP_PATH_SEGMENTS, firstPathSegment, isAppPath, paths } from '../../src/routes.ts';

describe('isAppPath', () => {
  it('knows every client path, with or without a trailing slash', () => {
    for (const path of Object.values(paths)) {
      expect(isAppPath(path), path).toBe(true);
      expect(isAppPath(`${path}/`), `${path}/`).toBe(true);
    }
  });

  it('rejects anything else', () => {
    expect(isAppPath('/dashboard/nope')).toBe(false);
    expect(isAppPath('/login/extra')).toBe(false);
    expect(isAppPath('/DASHBOARD')).toBe(false);
  });
});

describe('APP_PATH_SEGMENTS', () => {
  it('holds the first segment of the client pages and of the server paths', () => {
    expect(firstPathSegment('/api/trpc')).toBe('api');
    expect(firstPathSegment('/')).toBe('');
    expect([...APP_PATH_SEGMENTS]).toEqual(
      expect.arrayContaining([
        'login',
        'dashboard',
        'api',
        'user',
        'vcard',
        'l',
        'media',
        'billing',
        'assets',
      ]),
    );
    expect(APP_PATH_SEGMENTS.has('')).toBe(false);
  });
});
