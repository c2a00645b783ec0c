import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** One file of Vite's manifest of the client build (vite.config.ts): its source, its name, what it became. */
export interface BuiltFile {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
}

/** The built files of the client build in `webDist`; none when the client is not built. */
export function builtFiles(webDist: string): BuiltFile[] {
  const manifestFile = path.join(webDist, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return [];
  return Object.values(JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, BuiltFile>);
}
