import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { cyclesOf, folderGraph, judgeCycles, serverFolderOf } from '../../scripts/check-folder-cycles.mjs';

// The floors of server/ (docs/architecture.md "Floors"): ESLint refuses a value import that climbs a floor,
// and `npm run lint:floors` a cycle of value imports between server/'s folders.

const eslint = new ESLint();

/** The messages of the floor rule on one import written in a file of server/. */
async function floorErrors(filePath: string, importLine: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${importLine}\nexport const used = [value];\n`, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === '@typescript-eslint/no-restricted-imports')
    .map((message) => message.message);
}

// the first lint loads ESLint's whole configuration: about a second alone, past 5 s on a loaded machine
describe('the floors, as ESLint reads them', { timeout: 30_000 }, () => {
  it('refuses a value import that climbs from the ground, from access and from tRPC init', async () => {
    expect(await floorErrors('server/lib/db.ts', "import { value } from '../teams/cards.ts';")).toEqual([
      expect.stringContaining('the ground imports no value from a floor above it'),
    ]);
    expect(
      await floorErrors('server/lib/db.ts', "import { value } from '../access/plan-gate.ts';"),
    ).toHaveLength(1);
    expect(
      await floorErrors('server/lib/db.ts', "import { value } from '#server/billing/plan-ends.ts';"),
    ).toHaveLength(1);
    expect(await floorErrors('server/config.ts', "import { value } from './domains/dns.ts';")).toEqual([
      expect.stringContaining('the ground imports no value'),
    ]);
    expect(
      await floorErrors('server/access/team-access.ts', "import { value } from '../teams/cards.ts';"),
    ).toEqual([expect.stringContaining('access imports no value')]);
    expect(
      await floorErrors('server/trpc/init.ts', "import { value } from '../billing/plan-gate.ts';"),
    ).toEqual([expect.stringContaining("tRPC's init imports no value")]);
  });

  it('lets a floor import its own floor, those under it, the shared rules and types from anywhere', async () => {
    const allowed: Array<[string, string]> = [
      ['server/lib/db.ts', "import { value } from './errors.ts';"],
      ['server/lib/db.ts', "import { value } from '../config.ts';"],
      ['server/lib/db.ts', "import { value } from '../../src/plans.ts';"],
      ['server/lib/db.ts', "import type { value } from '../teams/cards.ts';"],
      ['server/config.ts', "import { value } from './lib/startup-error.ts';"],
      ['server/config.ts', "import { value } from '../src/plans.ts';"],
      ['server/access/team-access.ts', "import { value } from '../lib/errors.ts';"],
      ['server/access/team-access.ts', "import { value } from './plan-gate.ts';"],
      ['server/trpc/init.ts', "import { value } from '../access/plan-gate.ts';"],
      ['server/trpc/init.ts', "import { value } from '../lib/errors.ts';"],
      // a feature stands above every floor
      ['server/teams/cards.ts', "import { value } from '../vcards/service.ts';"],
    ];
    for (const [file, line] of allowed) expect(await floorErrors(file, line), `${file}: ${line}`).toEqual([]);
  });
});

/** A module as dependency-cruiser reports it: its source and its imports' resolved files and kinds. */
const moduleOf = (source: string, imports: Array<[string, 'value' | 'type']>) => ({
  source,
  dependencies: imports.map(([resolved, kind]) => ({
    resolved,
    dependencyTypes: kind === 'type' ? ['local', 'type-only', 'import'] : ['local', 'import'],
  })),
});

describe('the cycle check between server folders', () => {
  it('folds modules into folders, leaving out type imports and what is outside server/', () => {
    expect(serverFolderOf('server/teams/cards.ts')).toBe('teams');
    expect(serverFolderOf('server/config.ts')).toBe('config.ts');
    expect(serverFolderOf('src/plans.ts')).toBeNull();
    const graph = folderGraph([
      moduleOf('server/teams/cards.ts', [
        ['server/vcards/service.ts', 'value'],
        ['server/access/team-access.ts', 'type'],
        ['src/plans.ts', 'value'],
        ['server/teams/audit.ts', 'value'],
      ]),
    ]);
    expect([...(graph.get('teams') ?? [])]).toEqual(['vcards']);
  });

  it('finds a cycle through three folders and names it', () => {
    const graph = folderGraph([
      moduleOf('server/teams/cards.ts', [['server/vcards/service.ts', 'value']]),
      moduleOf('server/vcards/service.ts', [['server/links/service.ts', 'value']]),
      moduleOf('server/links/service.ts', [['server/teams/changes.ts', 'value']]),
      moduleOf('server/teams/changes.ts', [['server/lib/changes.ts', 'value']]),
      // a cycle through a type import is none
      moduleOf('server/lib/changes.ts', [['server/teams/changes.ts', 'type']]),
    ]);
    expect(cyclesOf(graph)).toEqual([['links', 'teams', 'vcards']]);
    expect(judgeCycles(cyclesOf(graph))).toEqual([
      'server/ folders in a cycle of value imports: links, teams, vcards',
    ]);
  });

  it('passes folders that import each other one way only', () => {
    const graph = folderGraph([
      moduleOf('server/teams/cards.ts', [['server/vcards/service.ts', 'value']]),
      moduleOf('server/vcards/service.ts', [['server/team-records/audit.ts', 'value']]),
      moduleOf('server/teams/router.ts', [['server/team-records/audit.ts', 'value']]),
    ]);
    expect(cyclesOf(graph)).toEqual([]);
    expect(judgeCycles(cyclesOf(graph))).toEqual([]);
  });
});
