// `npm run test:recipes`: the tests that copy the repository (`*.scratch.test.ts`) and work in the copy.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    environment: 'node',
    include: ['scripts/**/*.scratch.test.ts'],
    globalSetup: ['scripts/scratch-copy/global-setup.ts'],
    testTimeout: 1_800_000,
    hookTimeout: 600_000,
  },
});
