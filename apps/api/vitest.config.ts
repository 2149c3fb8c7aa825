import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', '../../packages/contract/src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Files of one worker share loaded modules (and PGlite's compiled WebAssembly) instead of loading
    // them again per file: the suite ran 3x faster on a subset. Each file still gets its own app and database.
    isolate: false,
    globalSetup: ['src/test/global-setup.ts'],
  },
});
