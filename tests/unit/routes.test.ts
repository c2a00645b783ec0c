import { describe, expect, it } from 'vitest';
import {
  APP_PATH_SEGMENTS,
  canonicalAppPath,
  firstPathSegment,
  isAppPath,
  paths,
  safeNextPath,
  signInPath,
} from '../../src/routes.ts';

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

describe('canonicalAppPath', () => {
  it('gives the lowercase form of an app path typed in another case', () => {
    expect(canonicalAppPath('/Login')).toBe('/login');
    expect(canonicalAppPath('/DASHBOARD/Account')).toBe('/dashboard/account');
    expect(canonicalAppPath('/Dashboard/')).toBe('/dashboard/');
  });

  it('leaves lowercase paths and paths that are no app page alone', () => {
    expect(canonicalAppPath('/login')).toBeNull();
    expect(canonicalAppPath('/Demo')).toBeNull();
    expect(canonicalAppPath('/Dashboard/Nope')).toBeNull();
  });
});

describe('safeNextPath', () => {
  it('keeps a dashboard page with its query and fragment', () => {
    expect(safeNextPath('/dashboard/account')).toBe('/dashboard/account');
    expect(safeNextPath('/dashboard/support#contact')).toBe('/dashboard/support#contact');
    expect(safeNextPath('/dashboard/billing?checkout=success')).toBe('/dashboard/billing?checkout=success');
    expect(safeNextPath('/dashboard')).toBe('/dashboard');
  });

  it('never leads off the origin, whatever the value', () => {
    for (const hostile of [
      'https://evil.example/dashboard',
      '//evil.example/dashboard',
      '/\\evil.example/dashboard',
      '\\\\evil.example',
      '/\t/evil.example/dashboard',
      ' //evil.example',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '/%2F%2Fevil.example',
      '/dashboard/../../evil',
      'dashboard',
      '',
      null,
      undefined,
    ]) {
      expect(safeNextPath(hostile), JSON.stringify(hostile)).toBeNull();
    }
  });

  it('refuses pages outside the dashboard, the sign-in screens among them', () => {
    expect(safeNextPath('/login')).toBeNull();
    expect(safeNextPath('/auth?next=/dashboard')).toBeNull();
    expect(safeNextPath('/dashboard/nope')).toBeNull();
    expect(safeNextPath('/api/auth/sign-out')).toBeNull();
  });
});

describe('signInPath', () => {
  it('carries the requested page through sign-in, but not the dashboard home or a foreign address', () => {
    expect(signInPath('/auth', '/dashboard/support#contact')).toBe(
      '/auth?next=%2Fdashboard%2Fsupport%23contact',
    );
    expect(signInPath('/login', '/dashboard/account')).toBe('/login?next=%2Fdashboard%2Faccount');
    expect(signInPath('/auth', '/dashboard')).toBe('/auth');
    expect(signInPath('/auth', '//evil.example')).toBe('/auth');
    expect(signInPath('/login', null)).toBe('/login');
  });
});
