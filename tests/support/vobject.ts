import { spawnSync } from 'node:child_process';
import { it } from 'vitest';

// vobject, the Python vCard library (Debian's python3-vobject, for the system Python: the one on PATH may
// be another), reads our .vcf files as a second, independent parser beside ical.js. CI installs it and
// sets CI/E2E_REQUIRED, so there its absence fails the tests; elsewhere they are skipped with a message.

const PYTHON = '/usr/bin/python3';

const READ_CARDS = `
import base64, json, sys, vobject
cards = []
for card in vobject.readComponents(sys.stdin.read()):
    properties = []
    for child in card.getChildren():
        value = child.value
        if isinstance(value, vobject.vcard.Name):
            value = [value.family, value.given, value.additional, value.prefix, value.suffix]
        if isinstance(value, vobject.vcard.Address):
            value = [value.box, value.extended, value.street, value.city, value.region, value.code, value.country]
        if isinstance(value, bytes):
            value = base64.b64encode(value).decode()
        if isinstance(value, list):
            value = [part if isinstance(part, str) else ','.join(part) for part in value]
        properties.append([child.name.lower(), value])
    cards.append(properties)
print(json.dumps(cards))
`;

/** Why vobject cannot be used here, or null when it can. */
function vobjectMissing(): string | null {
  const probe = spawnSync(PYTHON, ['-c', 'import vobject'], { encoding: 'utf8' });
  if (probe.error) return `${PYTHON} could not be started (${probe.error.message})`;
  if (probe.status !== 0)
    return `${PYTHON} has no vobject module (${probe.stderr.trim().split('\n').at(-1)})`;
  return null;
}

/** Whether a missing vobject must fail the run (CI) rather than skip its tests. */
const VOBJECT_REQUIRED = Boolean(process.env.CI || process.env.E2E_REQUIRED);

/**
 * A test that reads with vobject: run where vobject is installed, failed where CI requires it, and
 * skipped with a plain message elsewhere.
 */
export function itWithVobject(name: string, check: () => void | Promise<void>): void {
  const missing = vobjectMissing();
  if (missing && !VOBJECT_REQUIRED) {
    console.warn(
      `vobject is not available (${missing}): "${name}" is skipped. Install Debian's python3-vobject to run it.`,
    );
  }
  it.skipIf(missing !== null && !VOBJECT_REQUIRED)(name, async () => {
    if (missing) throw new Error(`vobject is required here (CI or E2E_REQUIRED is set): ${missing}`);
    await check();
  });
}

/** The cards vobject reads from a .vcf: each a list of [property name, value] in file order. */
export function readWithVobject(vcf: string): [string, string | string[]][][] {
  const run = spawnSync(PYTHON, ['-c', READ_CARDS], {
    input: vcf,
    encoding: 'utf8',
    env: { ...process.env, PYTHONIOENCODING: 'utf-8' },
  });
  if (run.status !== 0)
    throw new Error(`vobject could not read the file: ${run.stderr || run.error?.message}`);
  return JSON.parse(run.stdout) as [string, string | string[]][][];
}
