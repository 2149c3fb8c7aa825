import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's folder of PGlite dumps of migrated, seeded test databases (test/harness.ts). */
    pgliteSnapshots: string;
  }
}

/** One snapshot folder per test run, removed when the run ends (so no dump outlives the code that made it). */
export default function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-test-pglite-'));
  project.provide('pgliteSnapshots', dir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
