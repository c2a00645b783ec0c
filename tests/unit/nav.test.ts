import { describe, expect, it } from 'vitest';
import { paths } from '#src/routes.ts';
import { PRIMARY_NAV_ITEMS, SUPPORT_NAV_ITEM } from '#web/components/dashboard/nav-items.ts';
import { isNavItemActive } from '#web/lib/nav.ts';

describe('isNavItemActive', () => {
  it('lights the analytics home only on /dashboard itself', () => {
    expect(isNavItemActive(paths.dashboard, '/dashboard')).toBe(true);
    expect(isNavItemActive(paths.dashboard, '/dashboard/')).toBe(true);
    expect(isNavItemActive(paths.dashboard, paths.qrCodes)).toBe(false);
    expect(isNavItemActive(paths.dashboard, paths.account)).toBe(false);
  });

  it('lights other items on their page and on pages below it', () => {
    expect(isNavItemActive(paths.qrCodes, '/dashboard/qr-codes')).toBe(true);
    expect(isNavItemActive(paths.qrCodes, '/dashboard/qr-codes/')).toBe(true);
    expect(isNavItemActive(paths.qrCodes, '/dashboard/qr-codes/42')).toBe(true);
    expect(isNavItemActive(paths.billing, '/dashboard/billing/history')).toBe(true);
  });

  it('does not light an item for a sibling page that merely starts with the same letters', () => {
    expect(isNavItemActive(paths.vcards, paths.vcardEditor)).toBe(false);
    expect(isNavItemActive(paths.vcardEditor, paths.vcards)).toBe(false);
    expect(isNavItemActive(paths.qrCodes, '/dashboard/qr-codes-old')).toBe(false);
  });

  it('does not light an item on unrelated pages', () => {
    expect(isNavItemActive(paths.support, paths.dashboard)).toBe(false);
    expect(isNavItemActive(paths.account, '/')).toBe(false);
  });
});

describe('the sidebar entries', () => {
  const entries = [...PRIMARY_NAV_ITEMS, SUPPORT_NAV_ITEM];
  const dashboardPages = Object.values(paths).filter(
    (path) => path === paths.dashboard || path.startsWith(`${paths.dashboard}/`),
  );

  it('light exactly one entry on every dashboard page: its own, or the page it belongs to', () => {
    // a page below another (the team card editor and the team's analytics, below the team page) has no
    // entry of its own
    const PAGES_BELOW: Partial<Record<string, string>> = {
      [paths.teamCard]: paths.team,
      [paths.teamAnalytics]: paths.team,
      [paths.teamLeads]: paths.team,
    };
    for (const page of dashboardPages) {
      const lit = entries.filter((entry) => isNavItemActive(entry.path, page)).map((entry) => entry.path);
      expect(lit, page).toEqual([PAGES_BELOW[page] ?? page]);
    }
  });
});
