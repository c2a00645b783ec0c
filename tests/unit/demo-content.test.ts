import { describe, expect, it } from 'vitest';
import { DEMO_TEXTS, demoProfileIn } from '../../server/public-profile/demo-content.ts';
import type { PublicProfile } from '../../server/public-profile/service.ts';

/** The parts of the demo's profile the swap reads; the rest of a profile passes through untouched. */
function demoProfile(position: string, titles: string[]): PublicProfile {
  return {
    demo: true,
    card: { name: 'Alex Rivera', position, company: 'Northwind Studio' },
    links: titles.map((title, index) => ({ title, url: `https://example.com/${index}`, code: `c${index}` })),
  } as unknown as PublicProfile;
}

describe("the demo card's words", () => {
  // from the server's catalog (locales/{locale}/server.po), exactly the words of the table they were in
  // server/public-profile/demo-content.ts, copied here: the seeded demo card holds the English ones
  it('are, word for word, those the demo was seeded and translated with', () => {
    expect(DEMO_TEXTS).toEqual({
      en: {
        position: 'Head of Partnerships',
        linkTitles: ['Book a call', 'Our portfolio', 'Latest talk'],
      },
      es: {
        position: 'Responsable de alianzas',
        linkTitles: ['Reserva una llamada', 'Nuestro portafolio', 'Última charla'],
      },
    });
  });

  it('are those of the page language where the card still holds the seeded ones', () => {
    const seeded = demoProfile(DEMO_TEXTS.en.position, [...DEMO_TEXTS.en.linkTitles]);
    const spanish = demoProfileIn(seeded, 'es');
    expect(spanish.card.position).toBe(DEMO_TEXTS.es.position);
    expect(spanish.links.map((link) => link.title)).toEqual([...DEMO_TEXTS.es.linkTitles]);
    expect(spanish.links.map((link) => link.url)).toEqual(seeded.links.map((link) => link.url));
    expect(demoProfileIn(seeded, 'en')).toEqual(seeded);
  });

  it('keep what an operator changed on the demo card', () => {
    const edited = demoProfile('Founder', ['Book a call', 'Our shop', 'Latest talk']);
    const spanish = demoProfileIn(edited, 'es');
    expect(spanish.card.position).toBe('Founder');
    expect(spanish.links.map((link) => link.title)).toEqual([
      DEMO_TEXTS.es.linkTitles[0],
      'Our shop',
      DEMO_TEXTS.es.linkTitles[2],
    ]);
  });
});
