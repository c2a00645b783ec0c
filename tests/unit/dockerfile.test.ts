import { readFileSync } from 'node:fs';
import path from 'node:path';
import { validate, ValidationSeverity } from 'dockerfile-utils';
import { describe, expect, it } from 'vitest';

// The production image (docs/deploy.md). CI's machines have no Docker daemon and no registry, so it
// cannot be built there: the Dockerfile is linted (dockerfile-utils, the checks of the Dockerfile language
// server, every optional one an error) and read for what its runtime must be. compose.yaml, which runs
// it, has tests/unit/compose.test.ts.

const ROOT = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/** The Dockerfile's instructions, continuation lines joined and comments dropped, grouped by stage. */
function stages(dockerfile: string): { name: string; instructions: string[] }[] {
  const instructions = dockerfile
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const found: { name: string; instructions: string[] }[] = [];
  for (const instruction of instructions) {
    const from = /^FROM\s+\S+(?:\s+AS\s+(\S+))?/i.exec(instruction);
    if (from) found.push({ name: from[1] ?? '', instructions: [] });
    found.at(-1)?.instructions.push(instruction);
  }
  return found;
}

describe('the Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const [build, prodDeps, runtime] = stages(dockerfile);

  it('passes the Dockerfile linter with every check an error', () => {
    const error = ValidationSeverity.ERROR;
    const problems = validate(dockerfile, {
      deprecatedMaintainer: error,
      directiveCasing: error,
      emptyContinuationLine: error,
      instructionCasing: error,
      instructionCmdMultiple: error,
      instructionEntrypointMultiple: error,
      instructionHealthcheckMultiple: error,
      instructionJSONInSingleQuotes: error,
      instructionWorkdirRelative: error,
    });
    expect(problems.map((problem) => `${problem.range.start.line + 1}: ${problem.message}`)).toEqual([]);
  });

  it('installs from the lockfile, and the runtime only the production dependencies', () => {
    expect(stages(dockerfile).map((stage) => stage.name)).toEqual(['build', 'prod-deps', 'runtime']);
    expect(dockerfile).not.toMatch(/npm install/);
    expect(build!.instructions).toContain('RUN npm ci --no-audit --no-fund');
    expect(prodDeps!.instructions).toContain('RUN npm ci --omit=dev --no-audit --no-fund');
    const copies = runtime!.instructions.filter((instruction) => instruction.startsWith('COPY'));
    expect(copies).toContain('COPY --from=prod-deps /app/node_modules ./node_modules');
    expect(copies).toContain('COPY --from=build /app/dist ./dist');
    // nothing of the build stage but what it built
    expect(copies.filter((copy) => copy.includes('--from=build'))).toHaveLength(1);
  });

  it('runs without npm or any build tool, as a user who is not root, under an init process', () => {
    const run = runtime!.instructions.filter((instruction) => instruction.startsWith('RUN')).join(' ');
    for (const tool of ['/usr/local/lib/node_modules', '/usr/local/bin/npm', '/usr/local/bin/npx']) {
      expect(run).toContain(tool);
    }
    expect(run).toMatch(/apt-get install -y --no-install-recommends tini\b/);
    expect(run).not.toMatch(/build-essential|python3|\bgcc\b|\bmake\b/);
    const users = runtime!.instructions.filter((instruction) => instruction.startsWith('USER'));
    expect(users).toEqual(['USER node']);
    const last = runtime!.instructions.slice(runtime!.instructions.indexOf('USER node'));
    expect(last).toContain('ENTRYPOINT ["/usr/bin/tini", "--"]');
    expect(last).toContain('CMD ["node", "dist/server/main.js"]');
  });

  it('gives its health check a start period', () => {
    const healthcheck = runtime!.instructions.find((instruction) => instruction.startsWith('HEALTHCHECK'));
    expect(healthcheck).toMatch(/--start-period=\d+s/);
    expect(healthcheck).toContain('/health');
  });
});
