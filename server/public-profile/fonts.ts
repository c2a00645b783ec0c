import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { CardFont } from '../../src/schemas/card-design.ts';
import { serverPaths } from '../../src/routes.ts';

// The card designs' fonts, self-hosted (no request from a public page leaves this server): woff2 files
// of @fontsource-variable packages, the Latin and Latin Extended subsets, served under a path that
// carries the package version, so a file can be cached for a year. The @font-face rules (with their
// unicode ranges) are read from each package's own CSS, not copied here.

type WebFont = Exclude<CardFont, 'system'>;

const PACKAGES: Record<WebFont, { name: string; family: string; fallback: string }> = {
  inter: { name: 'inter', family: 'Inter Variable', fallback: 'system-ui,sans-serif' },
  montserrat: { name: 'montserrat', family: 'Montserrat Variable', fallback: 'system-ui,sans-serif' },
  lora: { name: 'lora', family: 'Lora Variable', fallback: 'Georgia,serif' },
  jetbrainsMono: {
    name: 'jetbrains-mono',
    family: 'JetBrains Mono Variable',
    fallback: 'ui-monospace,monospace',
  },
};

const SYSTEM_STACK = 'system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif';

const SUBSETS = ['latin', 'latin-ext'];

const IMMUTABLE = 'public, max-age=31536000, immutable';

interface LoadedFont {
  /** The @font-face rules, pointing at this server. */
  faces: string;
  /** File name → absolute path of the woff2 files these rules name. */
  files: Map<string, string>;
}

const require = createRequire(import.meta.url);

function loadFont(font: WebFont): LoadedFont {
  const { name } = PACKAGES[font];
  const packageJson = require.resolve(`@fontsource-variable/${name}/package.json`);
  const root = dirname(packageJson);
  const { version } = JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string };
  const css = readFileSync(join(root, 'index.css'), 'utf8');
  const files = new Map<string, string>();
  const faces = SUBSETS.map((subset) => {
    const file = `${name}-${subset}-wght-normal.woff2`;
    const rule = new RegExp(`@font-face \\{[^}]*url\\(\\./files/${file}\\)[^}]*\\}`).exec(css)?.[0];
    if (!rule) throw new Error(`@fontsource-variable/${name} has no ${file}`);
    files.set(file, join(root, 'files', file));
    return rule.replace(`./files/${file}`, `${serverPaths.fonts}/${version}/${file}`).replace(/\s+/g, ' ');
  }).join('');
  return { faces, files };
}

let loaded: Map<WebFont, LoadedFont> | undefined;

function fonts(): Map<WebFont, LoadedFont> {
  loaded ??= new Map((Object.keys(PACKAGES) as WebFont[]).map((font) => [font, loadFont(font)]));
  return loaded;
}

/** The CSS a page needs for its font: @font-face rules (none for 'system') and the font-family stack. */
export function fontCss(font: CardFont): { faces: string; family: string } {
  if (font === 'system') return { faces: '', family: SYSTEM_STACK };
  const { family, fallback } = PACKAGES[font];
  return { faces: fonts().get(font)?.faces ?? '', family: `"${family}",${fallback}` };
}

// GET /fonts/:version/:file – a font file of a card design (only the files the rules above name)
export function registerFontRoutes(app: FastifyInstance): void {
  // read once: a few hundred kilobytes in all
  const byFile = new Map(
    [...fonts().values()].flatMap(({ files }) =>
      [...files].map(([file, path]) => [file, readFileSync(path)]),
    ),
  );
  app.get<{ Params: { version: string; file: string } }>(
    `${serverPaths.fonts}/:version/:file`,
    async (request, reply) => {
      const body = byFile.get(request.params.file);
      if (!body) return reply.callNotFound();
      return reply.header('content-type', 'font/woff2').header('cache-control', IMMUTABLE).send(body);
    },
  );
}
