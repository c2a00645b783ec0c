import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaKeyOf, PHOTO_CLIENT_MAX_SIDE } from '../../src/media.ts';
import { TRANSPARENT_IMAGE_MAX_BYTES } from '../../server/media/process.ts';
import type { UploadedPhoto } from '../../server/media/service.ts';
import { addLink, addVcard, createSignedInOwner, designInput, qrDesignInput } from '../support/factories.ts';
import { buildTestApp, injectFromApp, trpcMutate, type TestApp } from '../support/harness.ts';
import { IPHONE_SAFARI } from '../support/user-agents.ts';

// Logos and covers keep their transparency (docs/decisions/005-photos.md; audit C N9): uploaded as a graphic
// (`?kind=graphic`), one with transparent pixels is stored and served as a PNG with alpha, re-encoded and
// within its size bound, and shows the card's own colour, or the QR code's background, behind it. Photos
// stay JPEG, and a graphic without transparency is a JPEG too.

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t?.close();
});

/** A 64 px logo: an orange disc on a transparent square, so its corners are see-through. */
function transparentLogo(): Promise<Buffer> {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><circle cx="32" cy="32" r="16" fill="#F59E0B"/></svg>';
  return sharp(Buffer.from(svg)).png().toBuffer();
}

function upload(cookie: string, body: Buffer, query = '') {
  const form = new FormData();
  form.append('photo', new Blob([new Uint8Array(body)], { type: 'image/png' }), 'logo.png');
  return injectFromApp(t.app, {
    method: 'POST',
    url: `/api/media/photos${query}`,
    headers: { cookie },
    payload: form,
  });
}

async function uploaded(cookie: string, body: Buffer, query = ''): Promise<string> {
  const response = await upload(cookie, body, query);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<UploadedPhoto>().path;
}

/** The RGBA of one pixel of an image. */
async function pixel(image: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(image).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * 4;
  return [...data.subarray(at, at + 4)];
}

const mediaRows = (userId: string) =>
  t.db.selectFrom('media').select(['key', 'content_type']).where('user_id', '=', userId).execute();

describe('a graphic upload (?kind=graphic)', () => {
  it('keeps a transparent PNG logo as a PNG with alpha, served as image/png; a photo stays JPEG', async () => {
    const owner = await createSignedInOwner(t);
    const logo = await transparentLogo();

    const graphicPath = await uploaded(owner.cookie, logo, '?kind=graphic');
    expect(graphicPath).toMatch(/^\/media\/[0-9a-f]{32}\.png$/);
    const served = await t.app.inject({ method: 'GET', url: graphicPath });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'png', hasAlpha: true });
    expect((await pixel(served.rawPayload, 0, 0))[3]).toBe(0);
    expect(await pixel(served.rawPayload, 32, 32)).toEqual([0xf5, 0x9e, 0x0b, 255]);

    // the same file as a photo: a JPEG, white where it was transparent
    const photoPath = await uploaded(owner.cookie, logo);
    expect(photoPath).toMatch(/\.jpg$/);
    const photo = await t.app.inject({ method: 'GET', url: photoPath });
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(photo.rawPayload).metadata()).toMatchObject({ format: 'jpeg', hasAlpha: false });
    const corner = await pixel(photo.rawPayload, 0, 0);
    for (const channel of corner) expect(channel).toBeGreaterThan(245);

    expect(await mediaRows(owner.userId)).toEqual(
      expect.arrayContaining([
        { key: mediaKeyOf(graphicPath), content_type: 'image/png' },
        { key: mediaKeyOf(photoPath), content_type: 'image/jpeg' },
      ]),
    );
  });

  it('stores a graphic without transparent pixels as a JPEG, alpha channel or not', async () => {
    const owner = await createSignedInOwner(t);
    const opaqueWithAlpha = await sharp({
      create: { width: 40, height: 30, channels: 4, background: { r: 0, g: 120, b: 255, alpha: 1 } },
    })
      .png()
      .toBuffer();
    expect((await sharp(opaqueWithAlpha).metadata()).hasAlpha).toBe(true);
    expect(await uploaded(owner.cookie, opaqueWithAlpha, '?kind=graphic')).toMatch(/\.jpg$/);
  });

  it('re-encodes a large transparent graphic within its size bound and the side limit, without metadata', async () => {
    const owner = await createSignedInOwner(t);
    // noise does not compress: its lossless PNG is about 4 MB, four times the bound
    const noisy = await sharp({
      create: {
        width: 1000,
        height: 1000,
        channels: 4,
        background: { r: 128, g: 128, b: 128, alpha: 0.5 },
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .png()
      .withMetadata({ exif: { IFD0: { Make: 'Tapcard Test Camera' } } })
      .toBuffer();
    const path = await uploaded(owner.cookie, noisy, '?kind=graphic');
    const served = (await t.app.inject({ method: 'GET', url: path })).rawPayload;
    expect(served.length).toBeLessThanOrEqual(TRANSPARENT_IMAGE_MAX_BYTES);
    const metadata = await sharp(served).metadata();
    expect(metadata).toMatchObject({ format: 'png', hasAlpha: true });
    expect(Math.max(metadata.width ?? 0, metadata.height ?? 0)).toBeLessThanOrEqual(PHOTO_CLIENT_MAX_SIDE);
    expect(metadata.exif).toBeUndefined();
  });

  it('refuses another kind with validation_failed, and stores nothing', async () => {
    const owner = await createSignedInOwner(t);
    for (const query of ['?kind=logo', '?kind=', '?kind=graphic&kind=photo']) {
      const response = await upload(owner.cookie, await transparentLogo(), query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ reason: 'validation_failed' });
    }
    expect(await mediaRows(owner.userId)).toEqual([]);
  });
});

describe('a transparent logo', () => {
  it('shows the card behind it on the public page: no white box of its own', async () => {
    const owner = await createSignedInOwner(t, { plan: 'pro' });
    const vcardId = await addVcard(t.db, owner.userId);
    const logo = await uploaded(owner.cookie, await transparentLogo(), '?kind=graphic');
    const saved = await trpcMutate(
      t.app,
      'designs.save',
      owner.cookie,
      designInput(vcardId, { layout: 'dark', logo }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const page = await t.app.inject({
      method: 'GET',
      url: `/vcard/${vcardId}`,
      headers: { 'user-agent': IPHONE_SAFARI },
    });
    expect(page.body).toContain(`<img class="logo" src="${logo}"`);
    const logoRules = page.body.match(/\.logo\{[^}]*\}/g) ?? [];
    expect(logoRules.length).toBeGreaterThan(0);
    for (const rule of logoRules) expect(rule).not.toMatch(/background/);
  });

  it('keeps its transparency in the QR studio: the code’s background shows at its corners in every file', async () => {
    const owner = await createSignedInOwner(t, { plan: 'pro' });
    const link = await addLink(t.db, owner.userId, { kind: 'qr', url: 'https://example.com/menu' });
    const logo = await uploaded(owner.cookie, await transparentLogo(), '?kind=graphic');
    const design = qrDesignInput({ logo, background: '#FEF3C7', logoScale: 0.22 });
    const saved = await trpcMutate(t.app, 'qrStudio.saveDesign', owner.cookie, {
      id: link.id,
      design,
      baseVersion: 1,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const download = (format: string, query = '') =>
      injectFromApp(t.app, {
        method: 'GET',
        url: `/api/qr-codes/${link.id}/${format}${query}`,
        headers: { cookie: owner.cookie },
      });

    const svg = (await download('svg')).body;
    expect(svg).toContain('href="data:image/png;base64,');
    // where the logo sits: the viewBox in modules, the logo's box in it
    const side = Number(/viewBox="0 0 (\d+) \1"/.exec(svg)?.[1]);
    const box = /<image href="data:image\/png[^"]*" x="([\d.]+)" y="([\d.]+)" width="([\d.]+)"/.exec(svg);
    expect(side).toBeGreaterThan(0);
    expect(box).not.toBeNull();
    const [x, y, size] = [Number(box?.[1]), Number(box?.[2]), Number(box?.[3])];

    const pixels = 1024;
    const png = await download('png', `?size=${pixels}`);
    expect(png.statusCode).toBe(200);
    const scale = pixels / side;
    // a tenth of the box in from its top-left corner: transparent in the logo, the disc is far from it
    const corner = await pixel(
      png.rawPayload,
      Math.round((x + size * 0.1) * scale),
      Math.round((y + size * 0.1) * scale),
    );
    expect(corner).toEqual([0xfe, 0xf3, 0xc7, 255]);
    const centre = await pixel(
      png.rawPayload,
      Math.round((x + size / 2) * scale),
      Math.round((y + size / 2) * scale),
    );
    expect(centre).toEqual([0xf5, 0x9e, 0x0b, 255]);

    const pdf = await download('pdf');
    expect(pdf.statusCode, pdf.body).toBe(200);
    // pdf-lib embeds a PNG with alpha as an image with a soft mask (its transparency)
    expect(pdf.rawPayload.toString('latin1')).toContain('/SMask');
  });

  it('is not put in the .vcf: a contact has only the card’s photo', async () => {
    const owner = await createSignedInOwner(t, { plan: 'pro' });
    const vcardId = await addVcard(t.db, owner.userId);
    const logo = await uploaded(owner.cookie, await transparentLogo(), '?kind=graphic');
    await trpcMutate(t.app, 'designs.save', owner.cookie, designInput(vcardId, { logo }));
    const vcf = await t.app.inject({ method: 'GET', url: `/vcard/${vcardId}/contact.vcf` });
    expect(vcf.statusCode).toBe(200);
    expect(vcf.body).not.toMatch(/^LOGO/m);
  });
});
