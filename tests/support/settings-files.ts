import { readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * The NAME=value lines of a settings file of the checkout (.env.example, deploy/*.env.example), as
 * systemd's EnvironmentFile= and Compose's env_file read them.
 */
export function settingsOf(file: string): Record<string, string> {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  return Object.fromEntries(
    [...text.matchAll(/^([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((match) => [match[1]!, match[2]!]),
  );
}
