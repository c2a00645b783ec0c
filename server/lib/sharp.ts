import type Sharp from 'sharp';

// sharp (libvips) and its native code take about 11 MB of a process's memory from the moment they are
// loaded; most processes serve pages and redirects for hours without touching an image. Loaded on first
// use: an upload, an OG picture, a QR code's PNG.

/** The sharp function; Node keeps the module once loaded. */
export async function loadSharp(): Promise<typeof Sharp> {
  return (await import('sharp')).default;
}
