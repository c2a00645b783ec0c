import { lockDataDir } from '../../server/lib/data-dir-lock.ts';

// A process that takes the embedded database's lock on the directory it is given, says "locked", and
// holds it until it is killed (tests/unit/data-dir-lock.test.ts kills it with SIGKILL).
// Run: node --import tsx tests/support/hold-data-dir-lock.ts <dataDir>

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: hold-data-dir-lock.ts <dataDir>');
lockDataDir(dataDir);
process.stdout.write('locked\n');
setInterval(() => undefined, 60_000);
