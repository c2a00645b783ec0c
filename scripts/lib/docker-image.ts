import { readFileSync } from 'node:fs';
import path from 'node:path';

// The Docker image's settings, read from the Dockerfile itself, so what measures the app's memory (npm run
// bench:memory, tests/api/memory-budget.test.ts) runs it as deployed and follows any change to the image.

const DOCKERFILE = path.resolve(import.meta.dirname, '../../Dockerfile');

/** The image's NODE_OPTIONS (its heap cap); throws if the Dockerfile sets none. */
export function imageNodeOptions(): string {
  // NODE_OPTIONS=--one or NODE_OPTIONS="--one --two"
  const match = /^\s*NODE_OPTIONS=(?:"([^"]*)"|(\S+))/m.exec(readFileSync(DOCKERFILE, 'utf8'));
  const options = match?.[1] ?? match?.[2];
  if (!options) throw new Error(`${DOCKERFILE} sets no NODE_OPTIONS`);
  return options;
}
