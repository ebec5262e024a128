import type { KnipConfig } from 'knip';

const unitTests = [
  'src/**/*.test.{ts,tsx}',
  'api/**/*.test.ts',
  'build/**/*.test.ts',
  'scripts/**/*.test.ts',
  'tests/support/**/*.test.ts',
];

// `npm run knip` runs knip twice: as is, then with --production, which follows src/ from the entries ending
// in `!` (the app and the configs that build it) with no test, so an export only a test uses shows.
// The scripts come from package.json, the e2e entries from playwright.config.ts.
export default {
  workspaces: {
    '.': {
      entry: [
        'src/main.tsx!',
        'src/prerender-entry.tsx!',
        'src/boot.ts!',
        'src/routes/**/*.tsx!',
        // The data kit stays for a product's resources when none uses it yet (after examples:remove).
        'src/components/data/*.{ts,tsx}!',
        'src/lib/resources/*.ts!',
        'src/i18n/use-plural-t.ts!',
        // The product API: the Lambda's entry (infra/lib/api.ts bundles it) and the local one, which the provider
        // bundles by path (scripts/local-provider/load-api.mjs).
        'api/lambda.ts!',
        'api/local-api.ts!',
        'vite.config.ts!',
        'tailwind.config.ts!',
        'vitest.config.ts',
        ...unitTests,
        'src/test/setup.ts',
        // `npm run new` names it as plop's option, which knip does not read.
        'scripts/new/plopfile.mjs',
        // Named by path: global-setup.ts builds the `groups` e2e variant with it.
        'tests/support/vite-profile-for-a-group.config.ts',
      ],
      project: [
        'src/**/*.{ts,tsx,mjs}!',
        '!src/**/*.test.{ts,tsx}!',
        '!src/test/**!',
        'api/**/*.ts!',
        '!api/**/*.test.ts!',
        '!api/test-api.ts!',
        'build/**/*.mjs',
        'scripts/**/*.mjs',
        'tests/**/*.{ts,mjs}',
        '*.{ts,js}',
      ],
      // Off, with their entries above: they make vite.config.ts and tailwind.config.ts development-only,
      // so --production would not see what the build takes from src/.
      vite: false,
      vitest: false,
      'vite-plugin-pwa': false,
      tailwind: false,
    },
    // The CDK app (its own package and lock); it takes the headers, caching rules and content types from build/.
    infra: {
      entry: ['bin/snxt.ts!', 'scripts/*.ts!', 'lib/**/*.test.ts', 'vitest.config.ts'],
      project: ['**/*.{ts,js}!', '!**/*.test.ts!', '!lib/test-support.ts!'],
      // The CDK CLI, which lib/commands.ts runs through npx.
      ignoreDependencies: ['aws-cdk'],
    },
  },
} satisfies KnipConfig;
