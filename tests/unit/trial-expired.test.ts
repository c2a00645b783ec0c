import { describe, expect, it } from 'vitest';
import { paths } from '#src/routes.ts';
import { isOpenAfterTrial } from '#web/components/dashboard/trial-expired.ts';

describe('isOpenAfterTrial', () => {
  it('leaves account settings and support open after the trial, with or without a trailing slash', () => {
    expect(isOpenAfterTrial(paths.account)).toBe(true);
    expect(isOpenAfterTrial(`${paths.account}/`)).toBe(true);
    expect(isOpenAfterTrial(paths.support)).toBe(true);
  });

  it("leaves the team's pages open: they follow the team's plan, not the person's own", () => {
    for (const path of [paths.team, paths.teamCard, paths.teamAnalytics, paths.teamLeads]) {
      expect(isOpenAfterTrial(path), path).toBe(true);
    }
  });

  it('covers every other dashboard page', () => {
    for (const path of [
      paths.dashboard,
      paths.qrCodes,
      paths.vcards,
      paths.billing,
      paths.profile,
      paths.vcardEditor,
      paths.links,
    ]) {
      expect(isOpenAfterTrial(path), path).toBe(false);
    }
    expect(isOpenAfterTrial('/dashboard/account-old')).toBe(false);
  });
});
