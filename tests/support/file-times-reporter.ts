import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

// What each test file cost, for CI's closing table of the slowest files (scripts/ci-summary.mjs): the
// JSON reporter's file times span its tests only, without the hooks that build an app or a database.

/** One file's time: importing it, its hooks and its tests, in milliseconds. */
export interface FileTime {
  file: string;
  project: string;
  ms: number;
}

export default class FileTimesReporter implements Reporter {
  private readonly times: FileTime[] = [];

  constructor(private readonly outputFile: string) {}

  onTestModuleEnd(testModule: TestModule): void {
    const diagnostic = testModule.diagnostic();
    this.times.push({
      file: path.relative(process.cwd(), testModule.moduleId),
      project: testModule.project.name,
      ms: Math.round(diagnostic.collectDuration + diagnostic.setupDuration + diagnostic.duration),
    });
  }

  onTestRunEnd(): void {
    writeFileSync(this.outputFile, JSON.stringify(this.times));
  }
}
