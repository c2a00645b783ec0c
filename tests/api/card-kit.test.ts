import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { decodeQr, type QrDecoder } from '../../server/qr-images/decoders.ts';
import type { CardSignatures } from '../../server/card-kit/service.ts';
import {
  BACKGROUND_LAYOUTS,
  BACKGROUND_WIDTHS,
  GMAIL_SIGNATURE_MAX_CHARS,
  SIGNATURE_IMAGES,
  SIGNATURE_LAYOUTS,
  backgroundHeight,
} from '../../src/card-kit.ts';
import { LOCALES } from '../../src/i18n.ts';
import { FREE_DESIGN } from '../../src/schemas/card-design.ts';
import {
  VCARD_EMAIL_MAX_LENGTH,
  VCARD_NAME_MAX_LENGTH,
  VCARD_PHONE_MAX_LENGTH,
  VCARD_TEXT_MAX_LENGTH,
} from '../../src/schemas/vcard.ts';
import { addLink, addVcard, createSignedInOwner } from '../support/factories.ts';
import {
  buildTestApp,
  injectFromApp,
  trpcData,
  trpcError,
  trpcQuery,
  uploadTestPhoto,
  type TestApp,
} from '../support/harness.ts';
import { addTeamCard, addTeamOfFour } from '../support/teams.ts';
import { IPHONE_SAFARI } from '../support/user-agents.ts';
import { zipEntries } from '../support/zip.ts';

// The card everywhere (docs/decisions/027-card-everywhere.md): e-mail signatures that Outlook for Windows,
// Gmail and Apple Mail draw alike, and meeting backgrounds whose QR code a phone reads from the video.

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t?.close();
});

/** A card of `userId` with its managed QR link, as the dashboard makes one. */
async function cardWithLink(userId: string, fields: Parameters<typeof addVcard>[2] = {}) {
  const vcardId = await addVcard(t.db, userId, fields);
  const link = await addLink(t.db, userId, {
    kind: 'qr',
    vcard_id: vcardId,
    url: `${t.config.publicUrl}/vcard/${vcardId}`,
  });
  return { vcardId, code: link.code };
}

async function signatures(cookie: string, vcardId: string, locale: 'en' | 'es' = 'en') {
  return trpcData<CardSignatures>(await trpcQuery(t.app, 'cardKit.signatures', cookie, { vcardId, locale }));
}

/** The path and query of an absolute address of the test app. */
const local = (url: string) => {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
};

const count = (html: string, pattern: RegExp) => (html.match(pattern) ?? []).length;

/** What Word's engine, Gmail's limit and a well-formed table ask of every signature. */
function expectMailSafe(html: string) {
  expect(html.length).toBeLessThan(GMAIL_SIGNATURE_MAX_CHARS);
  expect(html).not.toMatch(/display\s*:\s*(flex|grid|inline-flex|inline-grid)/i);
  expect(html).not.toMatch(/<svg/i);
  expect(html).not.toMatch(/data:/i);
  expect(html).not.toMatch(/<(script|style|div[^>]*display)/i);
  for (const img of html.match(/<img[^>]*>/g) ?? []) {
    expect(img).toMatch(/ width="\d+"/);
    expect(img).toMatch(/ height="\d+"/);
    expect(img).toMatch(/ alt="/);
  }
  // every table, row and cell is closed: a layout never leaves a broken table
  expect(count(html, /<table[\s>]/g)).toBe(count(html, /<\/table>/g));
  expect(count(html, /<tr[\s>]/g)).toBe(count(html, /<\/tr>/g));
  expect(count(html, /<td[\s>]/g)).toBe(count(html, /<\/td>/g));
}

describe('e-mail signatures', () => {
  it('stay under Gmail’s limit with the longest fields, all escaped, in each layout', async () => {
    const owner = await createSignedInOwner(t, { plan: 'pro' });
    // the longest of each field, of the character whose escape is longest (&quot;)
    const long = (length: number) => '"'.repeat(length);
    const { vcardId } = await cardWithLink(owner.userId, {
      name: long(VCARD_NAME_MAX_LENGTH),
      position: long(VCARD_TEXT_MAX_LENGTH),
      department: long(VCARD_TEXT_MAX_LENGTH),
      company: long(VCARD_TEXT_MAX_LENGTH),
      phone: '+'.padEnd(VCARD_PHONE_MAX_LENGTH, '1'),
      work_phone: '+'.padEnd(VCARD_PHONE_MAX_LENGTH, '2'),
      email: `${'a'.repeat(64)}@${'b'.repeat(VCARD_EMAIL_MAX_LENGTH - 69)}.com`,
    });
    const photo = await uploadTestPhoto(t.app, owner.cookie, `?card=${vcardId}`);
    const logo = await uploadTestPhoto(t.app, owner.cookie);
    await t.db
      .updateTable('vcards')
      .set({ photo, design: JSON.stringify({ ...FREE_DESIGN, logo }) })
      .where('id', '=', vcardId)
      .execute();

    const result = await signatures(owner.cookie, vcardId);
    expect(result.layouts.map((layout) => layout.layout)).toEqual([...SIGNATURE_LAYOUTS]);
    for (const { html, text } of result.layouts) {
      expectMailSafe(html);
      expect(html).not.toContain('""');
      expect(html).toContain('&quot;'.repeat(VCARD_NAME_MAX_LENGTH));
      expect(text).toContain('"'.repeat(VCARD_NAME_MAX_LENGTH));
    }
  });

  it('escape every text, link every web address through the short link with the campaign', async () => {
    const owner = await createSignedInOwner(t, { plan: 'pro' });
    const { vcardId, code } = await cardWithLink(owner.userId, {
      name: `Ada <script>alert(1)</script> O'Neil & "Co"`,
      position: '<b>Chief</b>',
      company: 'A & B <i>',
    });
    const photo = await uploadTestPhoto(t.app, owner.cookie, `?card=${vcardId}`);
    await t.db.updateTable('vcards').set({ photo }).where('id', '=', vcardId).execute();
    const { layouts } = await signatures(owner.cookie, vcardId);
    for (const { html, text } of layouts) {
      expectMailSafe(html);
      expect(html).not.toContain('<script');
      expect(html).not.toContain('<b>Chief');
      expect(html).toContain('Ada &lt;script&gt;alert(1)&lt;/script&gt; O&#39;Neil &amp; &quot;Co&quot;');
      const links = [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1] ?? '');
      const web = links.filter((href) => href.startsWith('http'));
      expect(web.length).toBeGreaterThan(0);
      for (const href of web) {
        expect(href).toBe(`${t.config.publicUrl}/l/${code}?utm_medium=email-signature`);
      }
      expect(
        links.filter((href) => !href.startsWith('http')).every((href) => /^(tel|mailto):/.test(href)),
      ).toBe(true);
      expect(text.split('\n')).toContain(`${t.config.publicUrl}/l/${code}?utm_medium=email-signature`);
    }
  });

  it('give a card without a picture or company the layout that fits it', async () => {
    const owner = await createSignedInOwner(t, { plan: 'pro' });
    const bare = await cardWithLink(owner.userId, {
      name: 'Only A Name',
      position: null,
      company: null,
      phone: null,
      email: null,
    });
    const { layouts } = await signatures(owner.cookie, bare.vcardId);
    expect(layouts.map(({ wanted, layout }) => [wanted, layout])).toEqual([
      ['classic', 'compact'],
      ['banner', 'compact'],
      ['compact', 'compact'],
    ]);
    for (const { html, text } of layouts) {
      expectMailSafe(html);
      expect(html).not.toContain('src=""');
      expect(text).toBe(`Only A Name\n${t.config.publicUrl}/l/${bare.code}?utm_medium=email-signature`);
    }
    // a company and no picture: the banner stands in for the classic layout
    const company = await cardWithLink(owner.userId, { company: 'Analytical Engines', photo: null });
    const result = await signatures(owner.cookie, company.vcardId, 'es');
    expect(result.layouts.map(({ layout }) => layout)).toEqual(['banner', 'banner', 'compact']);
    expect(result.layouts[0]?.html).toContain('Analytical Engines');
    expect(result.layouts[0]?.html).toContain('alt="Código QR: mi tarjeta de visita digital"');
  });

  it('show pictures served at exactly the size the HTML says, and a QR code that opens the card', async () => {
    const owner = await createSignedInOwner(t, { plan: 'pro' });
    const { vcardId, code } = await cardWithLink(owner.userId);
    const photo = await uploadTestPhoto(t.app, owner.cookie, `?card=${vcardId}`);
    const logo = await uploadTestPhoto(t.app, owner.cookie);
    await t.db
      .updateTable('vcards')
      .set({ photo, design: JSON.stringify({ ...FREE_DESIGN, logo }) })
      .where('id', '=', vcardId)
      .execute();
    const { layouts } = await signatures(owner.cookie, vcardId);
    const images = new Map<string, { width: number; height: number }>();
    for (const { html } of layouts) {
      for (const match of html.matchAll(/<img src="([^"]+)" width="(\d+)" height="(\d+)"/g)) {
        images.set((match[1] ?? '').replaceAll('&amp;', '&'), {
          width: Number(match[2]),
          height: Number(match[3]),
        });
      }
    }
    expect(images.size).toBe(3);
    for (const [src, size] of images) {
      const response = await injectFromApp(t.app, { method: 'GET', url: local(src) });
      expect(response.statusCode, src).toBe(200);
      expect(response.headers['content-type']).toMatch(/^image\/(png|jpeg)$/);
      const meta = await sharp(response.rawPayload).metadata();
      expect({ width: meta.width, height: meta.height }).toEqual(size);
      if (src.includes('/qr.png')) {
        const { data, info } = await sharp(response.rawPayload)
          .resize(SIGNATURE_IMAGES.qr.width * 3, SIGNATURE_IMAGES.qr.height * 3, { kernel: 'nearest' })
          .ensureAlpha()
          .raw()
          .toBuffer({ resolveWithObject: true });
        const [read] = await decodeQr('jsqr', {
          rgba: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
          width: info.width,
          height: info.height,
        });
        expect(read).toBe(`${t.config.publicUrl}/l/${code}?qr&utm_medium=email-signature`);
      }
    }
  });

  it('are counted in analytics under their campaign', async () => {
    const owner = await createSignedInOwner(t, { plan: 'business' });
    const { vcardId } = await cardWithLink(owner.userId);
    const [classic] = (await signatures(owner.cookie, vcardId)).layouts;
    const href = /href="(http[^"]+)"/.exec(classic?.html ?? '')?.[1] ?? '';
    const followed = await injectFromApp(t.app, {
      method: 'GET',
      url: local(href.replaceAll('&amp;', '&')),
      remoteAddress: '8.8.8.8',
      headers: { 'user-agent': IPHONE_SAFARI },
    });
    expect(followed.statusCode).toBe(302);
    await vi.waitFor(
      async () => {
        const rows = await t.db
          .selectFrom('link_events')
          .select(['utm_medium', 'kind'])
          .where('user_id', '=', owner.userId)
          .execute();
        expect(rows).toEqual([{ utm_medium: 'email-signature', kind: 'click' }]);
      },
      { timeout: 5_000 },
    );
  });

  it('are refused on the free plan and to someone who may not edit the card', async () => {
    const free = await createSignedInOwner(t, { plan: 'free' });
    const card = await cardWithLink(free.userId);
    const refused = await trpcQuery(t.app, 'cardKit.signatures', free.cookie, {
      vcardId: card.vcardId,
      locale: 'en',
    });
    expect(trpcError(refused).data).toMatchObject({
      reason: 'plan_required',
      meta: { feature: 'cardKit', plan: 'pro' },
    });
    const stranger = await createSignedInOwner(t, { plan: 'pro' });
    const hidden = await trpcQuery(t.app, 'cardKit.signatures', stranger.cookie, {
      vcardId: card.vcardId,
      locale: 'en',
    });
    expect(trpcError(hidden).data.reason).toBe('not_found');
  });
});

/** What jsQR and ZBar read in a PNG scaled to 30% of its size, as a webcam's picture of it would be. */
async function readAtThirty(png: Buffer): Promise<Record<Exclude<QrDecoder, 'zxing'>, string[]>> {
  const meta = await sharp(png).metadata();
  const { data, info } = await sharp(png)
    .resize(Math.round((meta.width ?? 0) * 0.3))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const image = {
    rgba: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
    width: info.width,
    height: info.height,
  };
  return { jsqr: await decodeQr('jsqr', image), zbar: await decodeQr('zbar', image) };
}

describe('meeting backgrounds', () => {
  it('are each size and layout, in both languages, with a QR code read at 30% by jsQR and ZBar', async () => {
    const owner = await createSignedInOwner(t, { plan: 'pro' });
    const { vcardId, code } = await cardWithLink(owner.userId, {
      name: 'Ada Lovelace-Byron, Countess of Lovelace',
      position: 'Principal engineer',
      department: 'Analytical Engines research',
    });
    const logo = await uploadTestPhoto(t.app, owner.cookie);
    await t.db
      .updateTable('vcards')
      .set({ design: JSON.stringify({ ...FREE_DESIGN, logo }) })
      .where('id', '=', vcardId)
      .execute();
    const expected = `${t.config.publicUrl}/l/${code}?qr&utm_medium=meeting-background`;
    for (const lang of LOCALES) {
      for (const layout of BACKGROUND_LAYOUTS) {
        for (const width of BACKGROUND_WIDTHS) {
          const response = await injectFromApp(t.app, {
            method: 'GET',
            url: `/api/card-kit/${vcardId}/background.png?layout=${layout}&width=${width}&lang=${lang}`,
            headers: { cookie: owner.cookie },
          });
          expect(response.statusCode, response.body).toBe(200);
          expect(response.headers['content-type']).toBe('image/png');
          expect(response.headers['content-disposition']).toContain(`-${layout}-${width}x`);
          const meta = await sharp(response.rawPayload).metadata();
          expect([meta.width, meta.height]).toEqual([width, backgroundHeight(width)]);
          const read = await readAtThirty(response.rawPayload);
          expect(read, `${lang} ${layout} ${width}`).toEqual({ jsqr: [expected], zbar: [expected] });
        }
      }
    }
  });

  it('leave the centre free for the person', async () => {
    const owner = await createSignedInOwner(t, { plan: 'pro' });
    const { vcardId } = await cardWithLink(owner.userId, { background_color: '#F3F4F6' });
    for (const layout of BACKGROUND_LAYOUTS) {
      const response = await injectFromApp(t.app, {
        method: 'GET',
        url: `/api/card-kit/${vcardId}/background.png?layout=${layout}&width=1280`,
        headers: { cookie: owner.cookie },
      });
      // the middle fifth of the width, under the corners' thin bar to the bottom: one colour
      const centre = await sharp(response.rawPayload)
        .extract({ left: 512, top: 40, width: 256, height: 680 })
        .png()
        .toBuffer();
      const stats = await sharp(centre).stats();
      for (const channel of stats.channels.slice(0, 3)) expect(channel.min).toBe(channel.max);
    }
  });

  it('for a team: the admin’s ZIP holds one per member with a card; a member is refused', async () => {
    const { teamId, admin, member, successor, owner } = await addTeamOfFour(t);
    const names = ['Olga Owner', 'Mia Member', 'Sam Successor'];
    await addTeamCard(t.db, teamId, { memberId: owner.userId, name: names[0] });
    await addTeamCard(t.db, teamId, { memberId: member.userId, name: names[1] });
    // a second card of the same member is not a second background
    await addTeamCard(t.db, teamId, { memberId: member.userId, name: 'Mia Again' });
    await addTeamCard(t.db, teamId, { memberId: successor.userId, name: names[2] });
    // a card for nobody yet: no member to hand a background to
    await addTeamCard(t.db, teamId, { name: 'Nobody' });

    const counted = trpcData<{ count: number }>(
      await trpcQuery(t.app, 'cardKit.teamBackgrounds', admin.cookie),
    );
    expect(counted.count).toBe(3);
    const response = await injectFromApp(t.app, {
      method: 'GET',
      url: '/api/card-kit/team-backgrounds.zip?layout=corners&width=1280&lang=es',
      headers: { cookie: admin.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['x-background-count']).toBe('3');
    const entries = await zipEntries(response.rawPayload);
    expect([...entries.keys()].sort()).toEqual(names.map((name) => `${name}-corners-1280x720.png`).sort());
    for (const png of entries.values()) {
      const read = await readAtThirty(png);
      expect(read.jsqr).toHaveLength(1);
      expect(read.zbar).toEqual(read.jsqr);
    }

    const refused = await injectFromApp(t.app, {
      method: 'GET',
      url: '/api/card-kit/team-backgrounds.zip',
      headers: { cookie: member.cookie },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ reason: 'team_role_required' });
    // a member downloads their own team card's background
    const [own] = await t.db
      .selectFrom('vcards')
      .select('id')
      .where('member_id', '=', member.userId)
      .orderBy('created_at')
      .execute();
    const mine = await injectFromApp(t.app, {
      method: 'GET',
      url: `/api/card-kit/${own?.id}/background.png?width=1280`,
      headers: { cookie: member.cookie },
    });
    expect(mine.statusCode).toBe(200);
  });
});
