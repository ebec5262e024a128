import js from '@eslint/js';
import { readdirSync } from 'node:fs';
import pluginRouter from '@tanstack/eslint-plugin-router';
import prettier from 'eslint-config-prettier';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The one-way layout (docs/architecture.md), top to bottom: a folder imports only from the folders
 * below it. Each zone lists the folders its files must not import from.
 */
const LAYERS = ['routes', 'app', 'features', 'components', 'state', 'i18n', 'lib', 'config'];
const layers = LAYERS.slice(1).map((layer, index) => ({
  target: `./src/${layer}`,
  from: LAYERS.slice(0, index + 1).map((above) => `./src/${above}`),
}));
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureZones = features.map((feature) => ({
  target: `./src/features/${feature}`,
  from: './src/features',
  except: [`./${feature}`],
  message: 'A feature never imports another feature.',
}));

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-*',
      '.e2e',
      'node_modules',
      'src/routeTree.gen.ts',
      'playwright-report',
      'test-results',
      'infra/cdk.out',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: ['infra/lib/viewer-request.js'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { ...jsxA11y.flatConfigs.recommended.plugins, 'import-x': importX, 'react-hooks': reactHooks },
    languageOptions: jsxA11y.flatConfigs.recommended.languageOptions,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...layers.map((layer) => ({ ...layer, message: 'Imports point downward only (docs/architecture.md).' })),
            ...featureZones,
            { target: './src', from: './tests', message: 'The app never imports test code.' },
          ],
        },
      ],
    },
  },
  ...pluginRouter.configs['flat/recommended'],
  {
    // A CloudFront Function: a script whose globals the CDK app writes above it, run by CloudFront as `handler`.
    files: ['infra/lib/viewer-request.js'],
    languageOptions: { sourceType: 'script' },
    rules: { '@typescript-eslint/no-unused-vars': ['error', { caughtErrors: 'none' }] },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'tests/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    files: ['tests/e2e/**/*.ts'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [{ target: './tests/e2e', from: './src', message: 'End-to-end tests drive the built app only.' }] },
      ],
    },
  },
  prettier,
);
