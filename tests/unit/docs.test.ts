import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The README is the front door (what it is, the two commands, configuration at a glance, a map of the
// code); the rest lives in docs/. Every link between them must lead somewhere: a moved section leaves no
// link pointing at nothing.

const ROOT = path.resolve(import.meta.dirname, '../..');
const README_MAX_LINES = 300;

const markdownIn = (folder: string) =>
  readdirSync(path.join(ROOT, folder))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `${folder}/${name}`);

const documents = ['README.md', ...markdownIn('docs'), ...markdownIn('docs/decisions')];

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

/** The source files of the product and its tests, whose comments cite decision records. */
function sourceFiles(): string[] {
  return ['server', 'src', 'web', 'scripts', 'tests', 'db'].flatMap((folder) =>
    readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' })
      .filter((name) => /\.(ts|tsx|mjs)$/.test(name))
      .map((name) => path.join(folder, name)),
  );
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

  it('has the decision record each comment names, and no comment cites a file outside the repository', () => {
    const cited = sourceFiles().flatMap((file) => {
      const text = readFileSync(path.join(ROOT, file), 'utf8');
      return [
        ...[...text.matchAll(/docs\/decisions\/[\w-]+\.md/g)].map(([record]) => ({ file, record })),
        ...(text.includes('DECISIONS' + '.md') ? [{ file, record: 'DECISIONS' + '.md' }] : []),
      ];
    });
    expect(cited.length).toBeGreaterThan(100);
    expect(cited.filter(({ record }) => !existsSync(path.join(ROOT, record)))).toEqual([]);
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
