// Part of npm run build: writes the landing page's HTML in each language, with and without 'View Demo'
// (web/prerender.tsx, built for Node by Vite into dist/prerender), to dist/web/.prerender/landing.*.html.
// The folder starts with a dot, so the static file server never sends it; server/web/routes.ts reads it
// at start.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const { prerenderLanding } = await import(new URL('../dist/prerender/prerender.js', import.meta.url).href);
const dir = path.join('dist', 'web', '.prerender');
mkdirSync(dir, { recursive: true });
for (const { file, html } of await prerenderLanding()) {
  writeFileSync(path.join(dir, file), html);
}
console.log(`prerendered the landing page into ${dir}`);
