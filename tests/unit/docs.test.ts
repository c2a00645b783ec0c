import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The README is the front door (what it is, the two commands, configuration at a glance, a map of the
// code); the rest lives in docs/. Every link between them must lead somewhere: a moved section leaves no
// link pointing at nothing.

const ROOT = path.resolve(import.meta.dirname, '../..');
const README_MAX_LINES = 300;

const documents = [
  'README.md',
  ...readdirSync(path.join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*_~]/g, '')
    .replace(/[^\p{L}\p{N}\- ]/gu, '')
    .replaceAll(' ', '-');
}

/** The anchors of a document's headings (outside code blocks). */
function anchorsOf(file: string): Set<string> {
  const anchors = new Set<string>();
  let inCode = false;
  for (const line of readFileSync(path.join(ROOT, file), 'utf8').split('\n')) {
    if (line.startsWith('```')) inCode = !inCode;
    const heading = /^#{1,6} (.*)$/.exec(line);
    if (heading && !inCode) anchors.add(anchorOf(heading[1] ?? ''));
  }
  return anchors;
}

/** Every relative link of a document that leads to no file, or to no heading of its file. */
function brokenLinks(file: string, text = readFileSync(path.join(ROOT, file), 'utf8')): string[] {
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)].flatMap(([, target = '']) => {
    if (/^[a-z]+:/.test(target)) return [];
    const [linked = '', anchor] = target.split('#');
    const to = linked ? path.normalize(path.join(path.dirname(file), linked)) : file;
    if (!existsSync(path.join(ROOT, to))) return [`${file}: ${target} (no such file)`];
    if (anchor && to.endsWith('.md') && !anchorsOf(to).has(anchor)) {
      return [`${file}: ${target} (no such heading)`];
    }
    return [];
  });
}

describe('the documentation', () => {
  it(`keeps the README under ${README_MAX_LINES} lines, starting with the two commands`, () => {
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    expect(readme.split('\n').length).toBeLessThanOrEqual(README_MAX_LINES);
    expect(readme).toContain('npm install && npm start');
    expect(readme).toContain('npm test');
  });

  it('links only to files and headings that exist', () => {
    expect(documents.flatMap((file) => brokenLinks(file))).toEqual([]);
  });

  it('finds a link that leads nowhere', () => {
    expect(anchorOf('Backups and restore')).toBe('backups-and-restore');
    expect(anchorOf('Libraries, and why')).toBe('libraries-and-why');
    expect(
      brokenLinks(
        'docs/testing.md',
        '[ok](deploy.md#backups-and-restore) [gone](deploy.md#no-such-section) [lost](no-such-page.md)',
      ),
    ).toEqual([
      'docs/testing.md: deploy.md#no-such-section (no such heading)',
      'docs/testing.md: no-such-page.md (no such file)',
    ]);
  });
});
