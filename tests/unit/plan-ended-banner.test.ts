import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PausedCounts, PausedTeam } from '#src/pauses.ts';
import { PlanEndedBanner } from '#web/components/dashboard/PlanBanner.tsx';

// The banner of a paid plan that ended while the free trial still runs: "Keep live" chooses among the
// owner's own cards, so it is offered only when some of those are paused.

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});

function bannerText(paused: PausedCounts, pausedTeam: PausedTeam | null): string {
  const notice = {
    kind: 'plan_ended' as const,
    plan: 'business' as const,
    endedAt: new Date('2026-11-01T00:00:00Z'),
    offline: false,
    trialEndsAt: new Date('2026-12-10T00:00:00Z'),
    paused,
    pausedTeam,
  };
  const banner = createElement(PlanEndedBanner, { notice });
  const html = renderToStaticMarkup(
    createElement(I18nProvider, { i18n }, createElement(MemoryRouter, null, banner)),
  );
  return html.replace(/<[^>]+>/g, '');
}

const NONE = { vcard: 0, qrCode: 0, profileLink: 0 };
const TEAM = { name: 'Acme', cards: 3 };

describe('the banner of an ended plan', () => {
  it('offers Keep live when the owner’s own cards are paused', () => {
    const text = bannerText({ vcard: 1, qrCode: 2, profileLink: 0 }, TEAM);
    expect(text).toContain('Paused now: 1 vCard, 2 QR codes and 0 profile links.');
    expect(text).toContain('The team Acme has 3 cards paused until you buy Business again.');
    expect(text).toContain('Choose what stays live with “Keep live”');
  });

  it('names the paused team without Keep live when only the team is paused', () => {
    const text = bannerText(NONE, TEAM);
    expect(text).toContain('The team Acme has 3 cards paused until you buy Business again.');
    expect(text).not.toContain('Keep live');
    expect(text).not.toContain('Nothing is paused');
  });

  it('says nothing about pauses when nothing is paused', () => {
    const text = bannerText(NONE, null);
    expect(text).toContain('your public page stays online with its limits until');
    expect(text).not.toContain('Keep live');
    expect(text).not.toContain('paused');
  });
});
