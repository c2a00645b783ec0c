import { describe, expect, it } from 'vitest';
import {
  linkState,
  matchingRule,
  preferredLanguage,
  ruleDeviceOf,
  type LinkLifecycle,
} from '../../src/link-lifecycle.ts';
import { ANDROID_CHROME, DESKTOP_CHROME, IPHONE_SAFARI } from '../support/user-agents.ts';

// The lifecycle's states and the rules' reading of a visitor, shared by the redirect and the dashboard.

const open: LinkLifecycle = {
  enabled: true,
  activeFrom: null,
  activeUntil: null,
  maxScans: null,
  scansUsed: 0,
};

describe('linkState', () => {
  it('is live with nothing set, and each boundary belongs to the state it starts', () => {
    expect(linkState(open, 0)).toBe('live');
    const window = { ...open, activeFrom: 10_000, activeUntil: 20_000 };
    expect(linkState(window, 9_999)).toBe('scheduled');
    expect(linkState(window, 10_000)).toBe('live');
    expect(linkState(window, 19_999)).toBe('live');
    expect(linkState(window, 20_000)).toBe('ended');
  });

  it('is spent once its scans reach the limit, and disabled wins over everything', () => {
    expect(linkState({ ...open, maxScans: 3, scansUsed: 2 }, 0)).toBe('live');
    expect(linkState({ ...open, maxScans: 3, scansUsed: 3 }, 0)).toBe('spent');
    expect(linkState({ ...open, enabled: false, activeFrom: 10_000, maxScans: 1, scansUsed: 1 }, 0)).toBe(
      'disabled',
    );
    // before its start, a spent count does not matter yet
    expect(linkState({ ...open, activeFrom: 10_000, maxScans: 1, scansUsed: 1 }, 0)).toBe('scheduled');
  });
});

describe('the visitor a rule sees', () => {
  it('tells iOS, Android and desktops apart', () => {
    expect(ruleDeviceOf(IPHONE_SAFARI)).toBe('ios');
    expect(
      ruleDeviceOf('Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148'),
    ).toBe('ios');
    expect(ruleDeviceOf(ANDROID_CHROME)).toBe('android');
    expect(ruleDeviceOf(DESKTOP_CHROME)).toBe('desktop');
    expect(ruleDeviceOf('curl/8.5.0')).toBeNull();
    expect(ruleDeviceOf(undefined)).toBeNull();
  });

  it('reads the first language by weight, as a lowercase primary subtag', () => {
    expect(preferredLanguage('es-MX,es;q=0.9,en;q=0.8')).toBe('es');
    expect(preferredLanguage('en;q=0.5, PT-br;q=0.9')).toBe('pt');
    expect(preferredLanguage('*, fr;q=0.5')).toBe('fr');
    expect(preferredLanguage('de;q=0, it;q=0.1')).toBe('it');
    expect(preferredLanguage('')).toBeNull();
    expect(preferredLanguage('*')).toBeNull();
  });

  it('takes the first rule whose every condition holds', () => {
    const rules = [
      { device: 'ios' as const, language: 'es', url: 'a' },
      { device: 'ios' as const, language: null, url: 'b' },
      { device: null, language: 'es', url: 'c' },
    ];
    expect(matchingRule(rules, 'ios', 'es')?.url).toBe('a');
    expect(matchingRule(rules, 'ios', 'en')?.url).toBe('b');
    expect(matchingRule(rules, 'android', 'es')?.url).toBe('c');
    expect(matchingRule(rules, 'desktop', null)).toBeUndefined();
  });
});
