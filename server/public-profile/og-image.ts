import { createHash } from 'node:crypto';
import { mediaKeyOf } from '../../src/media.ts';
import { readPhoto } from '../media/service.ts';
import type { AppDeps } from '../lib/app-deps.ts';
import type { CardColours } from '../../src/card-colours.ts';
import { iconShapes } from './icons.ts';
import { createByteCache } from '../lib/cache.ts';
import { loadSharp } from '../lib/sharp.ts';

// The picture a shared link shows (og:image): a raster image of a known size. With a photo, the photo
// cropped square; without one, a person mark in the card's colours. No text is drawn: the production
// image has no fonts, and the preview shows the name and title beside the picture anyway.

export const OG_IMAGE_SIZE = 600;
const JPEG_QUALITY = 80;

export interface OgImageSource {
  vcardId: string;
  photo: string | null;
  colours: CardColours;
}

/** What the picture is made from: images with the same source are the same picture. */
function sourceKey(source: OgImageSource): string {
  const photo = mediaKeyOf(source.photo) ? source.photo : '';
  return `${photo}|${source.colours.background}|${source.colours.font}`;
}

/**
 * The picture's path, versioned by what it is made from: link-preview services keep images for a long
 * time under their URL, and a new photo or colour gives a new URL.
 */
export function ogImagePath(source: OgImageSource): string {
  const version = createHash('sha256').update(sourceKey(source)).digest('base64url').slice(0, 10);
  return `/vcard/${source.vcardId}/og.jpg?v=${version}`;
}

export const OG_IMAGE_CACHE_BYTES = 8 * 1024 * 1024;

// ~40 KB each: a couple of hundred cards' pictures stay in memory, by what they are made from
const images = createByteCache<Buffer>('og-images', {
  maxBytes: OG_IMAGE_CACHE_BYTES,
  sizeOf: (jpeg) => jpeg.length,
});

/** The SVG of the picture of a card without a photo: shapes only, no text (so no brand). */
export function personMarkSvg(colours: CardColours): string {
  const size = OG_IMAGE_SIZE;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">` +
    `<rect width="${size}" height="${size}" fill="${colours.background}"/>` +
    `<circle cx="${size / 2}" cy="${size / 2}" r="${size * 0.3}" fill="${colours.font}"/>` +
    `<g transform="translate(${size / 2} ${size / 2}) scale(${size / 60}) translate(-12 -12)" fill="none" stroke="${colours.background}" stroke-width="1.75" stroke-linecap="round" stroke-linejoin="round">${iconShapes('user')}</g>` +
    '</svg>'
  );
}

/** The JPEG of a card's picture, OG_IMAGE_SIZE square. A photo that cannot be read gives the mark instead. */
export async function ogImage(deps: AppDeps, source: OgImageSource): Promise<Buffer> {
  const key = sourceKey(source);
  const cached = images.get(key);
  if (cached) return cached;
  const photo = await readPhoto(deps, source.photo);
  const sharp = await loadSharp();
  const image = photo
    ? sharp(photo).resize(OG_IMAGE_SIZE, OG_IMAGE_SIZE, { fit: 'cover' })
    : sharp(Buffer.from(personMarkSvg(source.colours)));
  const jpeg = await image
    .flatten({ background: source.colours.background })
    .jpeg({ quality: JPEG_QUALITY, mozjpeg: true })
    .toBuffer();
  images.set(key, jpeg);
  return jpeg;
}
