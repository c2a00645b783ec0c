import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// Test files in order of what they cost, the slowest first, so that no long file starts last and ends the
// run alone while the other workers are idle. Vitest's own order needs the durations of an earlier run on
// this machine, which a clean clone lacks (it then runs the largest files first), and after the run on
// the embedded database it knows the PostgreSQL-only files as skipped, quick ones. The costs are kept in
// tests/support/file-durations.json (`npm run test:durations`): only the order depends on them, so an
// outdated one makes a run end a little later, never fail. A file it does not list runs first, as
// Vitest runs files it does not know.

/** The committed costs, in seconds, by `project:file`. */
export const FILE_DURATIONS_PATH = path.join(import.meta.dirname, 'file-durations.json');

function committedDurations(): Record<string, number> {
  try {
    return JSON.parse(readFileSync(FILE_DURATIONS_PATH, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

export default class SlowestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const durations = committedDurations();
    const cost = (file: TestSpecification) =>
      durations[`${file.project.name}:${path.relative(this.ctx.config.root, file.moduleId)}`] ?? Infinity;
    // Vitest's order first (projects one after another, its tie-breaks); then, within a project, by cost
    const ordered = await super.sort(files);
    const position = new Map(ordered.map((file, index) => [file, index]));
    return ordered.toSorted((a, b) => {
      if (a.project.name !== b.project.name) return position.get(a)! - position.get(b)!;
      return cost(b) - cost(a) || position.get(a)! - position.get(b)!;
    });
  }
}
