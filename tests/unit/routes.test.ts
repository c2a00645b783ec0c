import { describe, expect, it } from 'vitest';
import { isAppPath, paths } from '../../src/routes.ts';

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
