import { existsSync } from 'node:fs';
import { it } from 'vitest';

// Tests that run a program of one of Debian's packages (Caddy, systemd-analyze). CI installs them
// (.ci/run) and sets CI, so there a missing program fails its tests; elsewhere they are skipped with a
// message saying what to install.

const REQUIRED = Boolean(process.env.CI || process.env.E2E_REQUIRED);

/** A test that runs `program` (an absolute path), from Debian's package `debianPackage`. */
export function itWithProgram(
  program: string,
  debianPackage: string,
  name: string,
  check: () => void | Promise<void>,
): void {
  const missing = !existsSync(program);
  if (missing && !REQUIRED) {
    console.warn(
      `${program} is not installed: "${name}" is skipped. apt-get install ${debianPackage} to run it.`,
    );
  }
  it.skipIf(missing && !REQUIRED)(name, async () => {
    if (missing) throw new Error(`${program} is required here (CI is set): apt-get install ${debianPackage}`);
    await check();
  });
}
