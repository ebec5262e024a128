import { defineConfig } from 'vitest/config';

// The CDK app's tests, apart from the app's: they need infra/'s own packages (npm run infra:install).
export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**', 'cdk.out/**'],
    environment: 'node',
    // A synthesis loads aws-cdk-lib and walks the whole tree: seconds on a busy machine.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
