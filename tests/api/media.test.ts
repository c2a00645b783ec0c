import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MEDIA_KEY_PATTERN, mediaKeyOf, PHOTO_CLIENT_MAX_SIDE, PHOTO_MAX_BYTES } from '../../src/media.ts';
import { PLANS } from '../../src/plans.ts';
import type { S3Config } from '../../server/config.ts';
import { webhooksWithoutQueue } from '../../server/webhooks/delivery.ts';
import { crmWithoutQueue } from '../../server/crm/sync.ts';
import { createLocalChangeBus } from '../../server/lib/changes.ts';
import { AppError } from '../../server/lib/errors.ts';
import { CONTACT_PHOTO_MAX_BYTES, contactPhotoJpeg } from '../../server/media/process.ts';
import { createS3Storage } from '../../server/media/s3-storage.ts';
import {
  assertOwnPhoto,
  readPhoto,
  releasePhoto,
  uploadPhoto,
  type UploadedPhoto,
} from '../../server/media/service.ts';
import { createLocalStorage } from '../../server/media/storage.ts';
import type { AppDeps } from '../../server/lib/app-deps.ts';
import { buildTestApp, injectFromApp, signUp, type TestApp } from '../support/harness.ts';

// Photo uploads (spec sections 5 and 9, docs/decisions/005-photos.md): only real images are stored,
// re-encoded without metadata and within the plan's storage; every refusal leaves no row and no file behind.

let t: TestApp;
let deps: AppDeps;

beforeAll(async () => {
  t = await buildTestApp();
  deps = {
    db: t.db,
    config: t.config,
    mailer: { send: async () => undefined, close: async () => undefined },
    // the same folder the app stores into
    storage: createLocalStorage(mediaFolder()),
    changes: createLocalChangeBus(),
    ...webhooksWithoutQueue(),
    crm: crmWithoutQueue(),
    resolveTxt: () => Promise.resolve([]),
  };
});

afterAll(async () => {
  await t?.close();
});

function mediaFolder(): string {
  return t.config.mediaDir;
}

// --- test images, made with sharp ------------------------------------------------------------------

function noiseImage(width: number, height: number) {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  });
}

/** A landscape JPEG taken with the camera turned (EXIF orientation 6) and GPS coordinates. */
function cameraJpeg(width = 1800, height = 1200): Promise<Buffer> {
  return noiseImage(width, height)
    .jpeg({ quality: 70 })
    .withExif({
      IFD0: { Make: 'Tapcard Test Camera', Model: 'T-1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '40/1 25/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '3/1 42/1 0/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

function smallPng(width = 40, height = 30): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 0, g: 120, b: 255, alpha: 0.5 } } })
    .png()
    .toBuffer();
}

/** A 1x1 PNG whose header claims width x height pixels (with a valid header checksum). */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await smallPng(1, 1));
  // IHDR: length (8..11), type (12..15), width (16..19), height (20..23), …, CRC of type+data (29..32)
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/**
 * A real HEIC (HEIF coded with HEVC, as iPhones save photos): 600 x 450, four coloured quadrants and a white
 * disc, made with heif-enc -q 40 (Debian's libheif-examples) from a PNG.
 */
function heicPhoto(): Promise<Buffer> {
  return readFile(path.join(import.meta.dirname, '../support/fixtures/photos/quadrants.heic'));
}

// --- requests --------------------------------------------------------------------------------------

interface FilePart {
  name?: string;
  filename?: string;
  type?: string;
  body: Buffer | string;
}

/** A multipart/form-data body with the given parts (each a file part unless it has no filename). */
function multipartBody(parts: FilePart[]) {
  const boundary = `----tapcard${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name ?? 'photo'}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const type = part.type ? `Content-Type: ${part.type}\r\n` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(Buffer.from(part.body), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

function uploadParts(cookie: string | undefined, parts: FilePart[]) {
  const { payload, contentType } = multipartBody(parts);
  return injectFromApp(t.app, {
    method: 'POST',
    url: '/api/media/photos',
    headers: { 'content-type': contentType, ...(cookie ? { cookie } : {}) },
    payload,
  });
}

function upload(
  cookie: string | undefined,
  body: Buffer | string,
  filename = 'photo.jpg',
  type = 'image/jpeg',
) {
  return uploadParts(cookie, [{ filename, type, body }]);
}

function expectRefused(response: LightMyRequestResponse, status: number, reason: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toMatchObject({ reason });
}

// --- what is stored --------------------------------------------------------------------------------

async function storedFiles(): Promise<string[]> {
  try {
    return await readdir(mediaFolder());
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

async function mediaRowsOf(userId: string) {
  return t.db.selectFrom('media').selectAll().where('user_id', '=', userId).execute();
}

/** Runs a refused upload and checks that it added neither a row nor a file. */
async function expectNothingStored(userId: string, run: () => Promise<void>) {
  const filesBefore = await storedFiles();
  const rowsBefore = await mediaRowsOf(userId);
  await run();
  expect(await mediaRowsOf(userId)).toEqual(rowsBefore);
  expect(await storedFiles()).toEqual(filesBefore);
}

describe('POST /api/media/photos refuses', () => {
  const refusals: [string, () => Promise<FilePart>, number, string][] = [
    [
      'a PDF',
      async () => ({ filename: 'cv.pdf', type: 'application/pdf', body: '%PDF-1.4\n%âãÏÓ\n1 0 obj\n' }),
      415,
      'invalid_image',
    ],
    [
      'a text file named .jpg',
      async () => ({ filename: 'me.jpg', type: 'image/jpeg', body: 'just some words\n' }),
      415,
      'invalid_image',
    ],
    [
      'an SVG',
      async () => ({
        filename: 'me.svg',
        type: 'image/svg+xml',
        body: '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
      }),
      415,
      'invalid_image',
    ],
    [
      'a TIFF (an image, but not an accepted type)',
      async () => ({
        filename: 'scan.tiff',
        type: 'image/tiff',
        body: await noiseImage(20, 20).tiff().toBuffer(),
      }),
      415,
      'invalid_image',
    ],
    [
      'a truncated JPEG',
      async () => {
        const jpeg = await noiseImage(800, 600).jpeg().toBuffer();
        return {
          filename: 'cut.jpg',
          type: 'image/jpeg',
          body: jpeg.subarray(0, Math.floor(jpeg.length * 0.6)),
        };
      },
      415,
      'invalid_image',
    ],
    [
      'a PNG whose header claims 16000 x 16000 pixels',
      async () => ({ filename: 'bomb.png', type: 'image/png', body: await pngClaiming(16000, 16000) }),
      415,
      'invalid_image',
    ],
    [
      'an image over 5 MB',
      async () => {
        // a real JPEG with trailing bytes (readers ignore them): 6 MB on the wire
        const jpeg = await noiseImage(200, 200).jpeg().toBuffer();
        return {
          filename: 'big.jpg',
          type: 'image/jpeg',
          body: Buffer.concat([jpeg, Buffer.alloc(6 * 1024 * 1024 - jpeg.length)]),
        };
      },
      413,
      'payload_too_large',
    ],
  ];

  it.each(refusals)('%s, and stores nothing', async (_name, makePart, status, reason) => {
    const { cookie, userId } = await signUp(t.app);
    const part = await makePart();
    await expectNothingStored(userId, async () => {
      expectRefused(await uploadParts(cookie, [part]), status, reason);
    });
  });

  it('the claimed 16000 x 16000 PNG without decoding it', async () => {
    const { cookie } = await signUp(t.app);
    const started = performance.now();
    expectRefused(
      await upload(cookie, await pngClaiming(16000, 16000), 'bomb.png', 'image/png'),
      415,
      'invalid_image',
    );
    // decoding 256 million pixels would take seconds and a gigabyte of memory
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('a HEIC photo as a HEIC this server cannot read (heic_unsupported, 415), as a photo or a graphic, and stores nothing', async () => {
    // the browser converts HEIC photos before sending them (web/lib/heic-decode.ts); this is what reaches
    // the server when it does not: the reason names HEIC, the client says what to do
    const { cookie, userId } = await signUp(t.app);
    const heic = await heicPhoto();
    await expectNothingStored(userId, async () => {
      expectRefused(await upload(cookie, heic, 'IMG_0001.HEIC', 'image/heic'), 415, 'heic_unsupported');
      // the type and name do not matter: the bytes do
      expectRefused(await upload(cookie, heic, 'photo', 'application/octet-stream'), 415, 'heic_unsupported');
      const { payload, contentType } = multipartBody([{ filename: 'logo.heic', body: heic }]);
      const graphic = await injectFromApp(t.app, {
        method: 'POST',
        url: '/api/media/photos?kind=graphic',
        headers: { cookie, 'content-type': contentType },
        payload,
      });
      expectRefused(graphic, 415, 'heic_unsupported');
    });
  });

  it('sharp as installed reads a HEIC header but cannot decode HEVC (why the browser converts HEIC photos)', async () => {
    const heic = await heicPhoto();
    expect(await sharp(heic).metadata()).toMatchObject({ format: 'heif', compression: 'hevc', width: 600 });
    await expect(sharp(heic).jpeg().toBuffer()).rejects.toThrow();
  });

  it('an upload without a session (401), and stores nothing', async () => {
    const { userId } = await signUp(t.app);
    await expectNothingStored(userId, async () => {
      expectRefused(await upload(undefined, await cameraJpeg(400, 300)), 401, 'unauthenticated');
    });
  });

  it('two file parts', async () => {
    const { cookie, userId } = await signUp(t.app);
    const jpeg = await cameraJpeg(400, 300);
    await expectNothingStored(userId, async () => {
      const response = await uploadParts(cookie, [
        { filename: 'a.jpg', type: 'image/jpeg', body: jpeg },
        { filename: 'b.jpg', type: 'image/jpeg', body: jpeg },
      ]);
      expectRefused(response, 400, 'validation_failed');
    });
  });

  it('a form without a file part', async () => {
    const { cookie, userId } = await signUp(t.app);
    await expectNothingStored(userId, async () => {
      expectRefused(await uploadParts(cookie, [{ name: 'note', body: 'hello' }]), 400, 'validation_failed');
    });
  });

  it('a body that is not multipart', async () => {
    const { cookie } = await signUp(t.app);
    const response = await injectFromApp(t.app, {
      method: 'POST',
      url: '/api/media/photos',
      headers: { cookie, 'content-type': 'image/jpeg' },
      payload: await cameraJpeg(200, 100),
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json()).toHaveProperty('reason');
  });

  it('a photo beyond the plan storage (storage_quota_exceeded), and stores nothing', async () => {
    const { cookie, userId } = await signUp(t.app);
    const limitMb = PLANS.free.limits.storageMb;
    // earlier photos that fill the plan's storage up to 10 kB
    await t.db
      .insertInto('media')
      .values([
        {
          key: `${'a'.repeat(24)}${randomBytes(4).toString('hex')}.jpg`,
          user_id: userId,
          content_type: 'image/jpeg',
          bytes: 30 * 1024 * 1024,
          width: 1,
          height: 1,
        },
        {
          key: `${'b'.repeat(24)}${randomBytes(4).toString('hex')}.jpg`,
          user_id: userId,
          content_type: 'image/jpeg',
          bytes: limitMb * 1024 * 1024 - 30 * 1024 * 1024 - 10 * 1024,
          width: 1,
          height: 1,
        },
      ])
      .execute();
    await expectNothingStored(userId, async () => {
      const response = await upload(cookie, await cameraJpeg(1200, 900));
      expectRefused(response, 413, 'storage_quota_exceeded');
    });
    // a photo that still fits is taken
    const tiny = await upload(cookie, await smallPng(8, 8), 'dot.png', 'image/png');
    expect(tiny.statusCode, tiny.body).toBe(201);
  });
});

describe('POST /api/media/photos stores', () => {
  it('a camera JPEG upright, within 1200 px, without EXIF or GPS, and serves it', async () => {
    const { cookie, userId } = await signUp(t.app);
    const original = await cameraJpeg();
    const originalMetadata = await sharp(original).metadata();
    expect(originalMetadata.exif).toBeDefined();
    expect(originalMetadata.orientation).toBe(6);

    const response = await upload(cookie, original);
    expect(response.statusCode, response.body).toBe(201);
    const photo = response.json<UploadedPhoto>();
    // turned upright: the 1800 x 1200 landscape becomes a portrait of at most 1200 px
    expect(photo).toEqual({
      path: expect.stringMatching(/^\/media\//),
      width: 800,
      height: PHOTO_CLIENT_MAX_SIDE,
    });
    const key = mediaKeyOf(photo.path);
    expect(key).toMatch(MEDIA_KEY_PATTERN);

    const [row] = await mediaRowsOf(userId);
    expect(row).toMatchObject({ key, content_type: 'image/jpeg', width: 800, height: 1200 });
    expect(await storedFiles()).toContain(key);

    const served = await t.app.inject({ method: 'GET', url: photo.path });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(row?.bytes).toBe(served.rawPayload.length);
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 800, height: 1200 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.iptc).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
  });

  it('PNG, WebP, GIF and AVIF as JPEG, never enlarged', async () => {
    const { cookie } = await signUp(t.app);
    const sources: [string, string, Buffer][] = [
      ['a.png', 'image/png', await smallPng()],
      ['a.webp', 'image/webp', await noiseImage(40, 30).webp().toBuffer()],
      ['a.gif', 'image/gif', await noiseImage(40, 30).gif().toBuffer()],
      ['a.avif', 'image/avif', await noiseImage(40, 30).avif().toBuffer()],
    ];
    for (const [filename, type, body] of sources) {
      const response = await upload(cookie, body, filename, type);
      expect(response.statusCode, `${filename}: ${response.body}`).toBe(201);
      expect(response.json()).toMatchObject({ width: 40, height: 30 });
      const served = await t.app.inject({ method: 'GET', url: response.json<UploadedPhoto>().path });
      expect((await sharp(served.rawPayload).metadata()).format).toBe('jpeg');
    }
  });

  it('a photo of exactly 5 MB', async () => {
    const { cookie } = await signUp(t.app);
    const jpeg = await noiseImage(200, 200).jpeg().toBuffer();
    const body = Buffer.concat([jpeg, Buffer.alloc(PHOTO_MAX_BYTES - jpeg.length)]);
    const response = await upload(cookie, body);
    expect(response.statusCode, response.body).toBe(201);
  });
});

describe('GET /media/:key', () => {
  it('answers 404 for unknown and malformed keys, and HEAD like GET', async () => {
    const { cookie } = await signUp(t.app);
    const { path: photoPath } = (await upload(cookie, await smallPng())).json<UploadedPhoto>();
    const head = await t.app.inject({ method: 'HEAD', url: photoPath });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/jpeg');
    expect(head.body).toBe('');

    for (const url of [
      `/media/${'0'.repeat(32)}.jpg`,
      '/media/photo.jpg',
      `/media/${'A'.repeat(32)}.jpg`,
      `/media/${'0'.repeat(32)}.jpg.partial`,
      '/media/..%2Fpglite',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });
});

describe('media service', () => {
  it('releasePhoto removes the row and the file; a missing photo is not an error', async () => {
    const { cookie, userId } = await signUp(t.app);
    const { path: photoPath } = (await upload(cookie, await smallPng())).json<UploadedPhoto>();
    const key = mediaKeyOf(photoPath);
    expect(await readPhoto(deps, photoPath)).toBeInstanceOf(Buffer);

    await releasePhoto(deps, photoPath);
    expect(await mediaRowsOf(userId)).toEqual([]);
    expect(await storedFiles()).not.toContain(key);
    expect(await readPhoto(deps, photoPath)).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: photoPath })).statusCode).toBe(404);

    await expect(releasePhoto(deps, photoPath)).resolves.toBeUndefined();
    await expect(releasePhoto(deps, null)).resolves.toBeUndefined();
    await expect(releasePhoto(deps, 'https://example.com/a.jpg')).resolves.toBeUndefined();
  });

  it('releasePhoto still removes the row when the stored object cannot be deleted', async () => {
    const { cookie, userId } = await signUp(t.app);
    const { path: photoPath } = (await upload(cookie, await smallPng())).json<UploadedPhoto>();
    const failing: AppDeps = {
      ...deps,
      storage: { ...deps.storage, delete: async () => Promise.reject(new Error('storage is down')) },
    };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      await releasePhoto(failing, photoPath);
      expect(warn).toHaveBeenCalledWith(
        expect.stringContaining(mediaKeyOf(photoPath) ?? '?'),
        expect.any(Error),
      );
    } finally {
      warn.mockRestore();
    }
    expect(await mediaRowsOf(userId)).toEqual([]);
  });

  it('assertOwnPhoto accepts only the user’s own uploads', async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const { path: photoPath } = (await upload(owner.cookie, await smallPng())).json<UploadedPhoto>();
    await expect(assertOwnPhoto(t.db, owner.userId, photoPath)).resolves.toBeUndefined();
    for (const [userId, candidate] of [
      [other.userId, photoPath],
      [owner.userId, `/media/${'f'.repeat(32)}.jpg`],
      [owner.userId, 'https://example.com/me.jpg'],
      [owner.userId, `${photoPath}?x=1`],
    ] as const) {
      const refusal = await assertOwnPhoto(t.db, userId, candidate).catch((error: unknown) => error);
      expect(refusal, candidate).toBeInstanceOf(AppError);
      expect(refusal).toMatchObject({ reason: 'validation_failed', meta: { field: 'photo' } });
    }
  });

  it('uploadPhoto removes the stored object when its row cannot be written', async () => {
    const before = await storedFiles();
    // no such user: the row's foreign key fails after the object was written
    const ctx = { ...deps, user: { id: 'no-such-user', email: 'x@example.com', name: 'X' } };
    await expect(uploadPhoto(ctx, await smallPng())).rejects.toThrow();
    expect(await storedFiles()).toEqual(before);
  });

  it('contactPhotoJpeg makes a small square JPEG', async () => {
    const contact = await contactPhotoJpeg(await noiseImage(1200, 800).png().toBuffer());
    expect(contact.length).toBeLessThanOrEqual(CONTACT_PHOTO_MAX_BYTES);
    const metadata = await sharp(contact).metadata();
    expect(metadata.format).toBe('jpeg');
    expect(metadata.width).toBe(metadata.height);
    await expect(contactPhotoJpeg(Buffer.from('not an image'))).rejects.toMatchObject({
      reason: 'invalid_image',
    });
  });
});

// --- S3-compatible storage -------------------------------------------------------------------------

interface FakeS3 {
  settings: S3Config;
  objects: Map<string, { body: Buffer; contentType: string | undefined }>;
  requests: { method: string; url: string; authorization: string | undefined }[];
  close(): Promise<void>;
}

/** Objects listed per page of ListObjectsV2 by the fake: small, so that listing takes several pages. */
const FAKE_S3_PAGE_SIZE = 2;

/** Just enough of the S3 API, path-style: PUT, GET and DELETE of /bucket/key; ListObjectsV2 of /bucket. */
async function startFakeS3(bucket: string): Promise<FakeS3> {
  const objects: FakeS3['objects'] = new Map();
  const requests: FakeS3['requests'] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      requests.push({
        method: request.method ?? '',
        url: url.pathname,
        authorization: request.headers.authorization,
      });
      const prefix = `/${bucket}/`;
      if (request.method === 'GET' && url.searchParams.get('list-type') === '2') {
        return response
          .writeHead(200, { 'content-type': 'application/xml' })
          .end(listObjectsPage(objects, Number(url.searchParams.get('continuation-token') ?? '0')));
      }
      if (!url.pathname.startsWith(prefix)) return response.writeHead(404).end();
      const key = decodeURIComponent(url.pathname.slice(prefix.length));
      if (request.method === 'PUT') {
        objects.set(key, { body: Buffer.concat(chunks), contentType: request.headers['content-type'] });
        return response.writeHead(200, { etag: '"1"' }).end();
      }
      if (request.method === 'DELETE') {
        objects.delete(key);
        return response.writeHead(204).end();
      }
      const object = objects.get(key);
      if (request.method === 'GET' && object) {
        return response
          .writeHead(200, {
            'content-type': object.contentType ?? 'application/octet-stream',
            'content-length': object.body.length,
          })
          .end(object.body);
      }
      response
        .writeHead(404, { 'content-type': 'application/xml' })
        .end(
          '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>',
        );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('no port');
  return {
    settings: {
      bucket,
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${address.port}`,
      accessKeyId: 'test-access-key',
      secretAccessKey: 'test-secret-key',
      forcePathStyle: true,
    },
    objects,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** One ListObjectsV2 answer: the keys from `start`, and a continuation token while more follow. */
function listObjectsPage(objects: FakeS3['objects'], start: number): string {
  const keys = [...objects.keys()].sort();
  const page = keys.slice(start, start + FAKE_S3_PAGE_SIZE);
  const more = start + FAKE_S3_PAGE_SIZE < keys.length;
  const contents = page
    .map(
      (key) =>
        `<Contents><Key>${key}</Key><LastModified>2026-11-20T10:00:00.000Z</LastModified><ETag>"1"</ETag>` +
        `<Size>${objects.get(key)?.body.length ?? 0}</Size><StorageClass>STANDARD</StorageClass></Contents>`,
    )
    .join('');
  return (
    '<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">' +
    `<Name>bucket</Name><KeyCount>${page.length}</KeyCount><MaxKeys>${FAKE_S3_PAGE_SIZE}</MaxKeys>` +
    `<IsTruncated>${more}</IsTruncated>${more ? `<NextContinuationToken>${start + FAKE_S3_PAGE_SIZE}</NextContinuationToken>` : ''}` +
    `${contents}</ListBucketResult>`
  );
}

describe('S3 storage', () => {
  let s3: FakeS3;

  beforeAll(async () => {
    s3 = await startFakeS3('tapcard-photos');
  });

  afterAll(async () => {
    await s3?.close();
  });

  it('puts, gets and deletes objects with their content type, signed, path-style', async () => {
    const storage = createS3Storage(s3.settings);
    const key = `${randomBytes(16).toString('hex')}.jpg`;
    const body = await noiseImage(30, 20).jpeg().toBuffer();

    await storage.put(key, body, 'image/jpeg');
    expect(s3.objects.get(key)).toEqual({ body, contentType: 'image/jpeg' });
    expect(s3.requests.at(-1)).toMatchObject({ method: 'PUT', url: `/tapcard-photos/${key}` });
    expect(s3.requests.at(-1)?.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=test-access-key\//);

    const stored = await storage.get(key);
    expect(stored?.contentType).toBe('image/jpeg');
    expect(stored?.body.equals(body)).toBe(true);

    await storage.delete(key);
    expect(s3.objects.has(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it('lists every stored photo page by page with its time, and nothing that is not a photo key', async () => {
    const storage = createS3Storage(s3.settings);
    s3.objects.clear();
    const keys = Array.from({ length: 5 }, () => `${randomBytes(16).toString('hex')}.jpg`);
    for (const key of keys) await storage.put(key, Buffer.from('x'), 'image/jpeg');
    s3.objects.set('backups/notes.txt', { body: Buffer.from('not ours'), contentType: 'text/plain' });

    const requestsBefore = s3.requests.length;
    const listed = [];
    for await (const object of storage.list()) listed.push(object);
    expect(listed.map((object) => object.key).sort()).toEqual([...keys].sort());
    expect(listed.every((object) => object.modifiedAt.toISOString() === '2026-11-20T10:00:00.000Z')).toBe(
      true,
    );
    // 6 objects, 2 a page
    expect(s3.requests.slice(requestsBefore).map((request) => request.method)).toEqual(['GET', 'GET', 'GET']);
  });

  it('is what the app stores uploads in when S3 is configured', async () => {
    const app = await buildTestApp({ s3: s3.settings });
    try {
      const { cookie } = await signUp(app.app);
      const { payload, contentType } = multipartBody([
        { filename: 'a.png', type: 'image/png', body: await smallPng() },
      ]);
      const response = await injectFromApp(app.app, {
        method: 'POST',
        url: '/api/media/photos',
        headers: { cookie, 'content-type': contentType },
        payload,
      });
      expect(response.statusCode, response.body).toBe(201);
      const { path: photoPath } = response.json<UploadedPhoto>();
      const key = mediaKeyOf(photoPath) ?? '';
      expect(s3.objects.get(key)?.contentType).toBe('image/jpeg');

      const served = await app.app.inject({ method: 'GET', url: photoPath });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(s3.objects.get(key)?.body ?? Buffer.alloc(0))).toBe(true);
    } finally {
      await app.close();
    }
  });
});
