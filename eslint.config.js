import js from '@eslint/js';
import { readdirSync } from 'node:fs';
import pluginRouter from '@tanstack/eslint-plugin-router';
import prettier from 'eslint-config-prettier';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Three tiers (docs/architecture.md): shared code at the bottom, one folder per domain in the middle, the app shell and
 * routes on top. Shared folders import only the shared folders below them; a domain imports shared code, its own
 * files, and the public entry (index.ts) of the domains it lists here; the app imports domains by their entry only.
 */
const SHARED = ['components', 'i18n', 'lib', 'config'];
const DOMAINS = {
  'command-palette': [],
  notifications: [],
  home: [],
  offline: [],
  auth: ['command-palette'],
  'aws-identity': ['auth'],
  profile: ['auth', 'aws-identity'],
  analytics: ['auth'],
  'error-reports': ['auth'],
  settings: ['command-palette', 'analytics'],
  books: ['auth'], // example: books
  shortcuts: ['command-palette'],
};
const domainFolders = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
checkDomains(DOMAINS);
const domainUses = Object.fromEntries(domainFolders.map((name) => [name, DOMAINS[name] ?? []]));

/** Every edge names a domain and no chain of edges comes back to where it began; an unlisted domain uses none. */
export function checkDomains(domains) {
  const visiting = new Set();
  const done = new Set();
  const visit = (name, path) => {
    if (done.has(name)) return;
    if (visiting.has(name)) throw new Error(`eslint.config.js: DOMAINS has a cycle: ${[...path, name].join(' → ')}`);
    if (!Object.hasOwn(domains, name))
      throw new Error(`eslint.config.js: ${path.at(-1)} lists an unknown domain ${name}`);
    visiting.add(name);
    for (const next of domains[name]) visit(next, [...path, name]);
    visiting.delete(name);
    done.add(name);
  };
  for (const name of Object.keys(domains)) visit(name, []);
}

const entries = (names) => names.map((name) => `./${name}/index.ts`);
const tierZones = [
  ...SHARED.map((folder, index) => ({
    target: `./src/${folder}`,
    from: ['./src/app', './src/routes', './src/features', ...SHARED.slice(0, index).map((above) => `./src/${above}`)],
    message: 'Shared code imports only the shared folders below it (docs/architecture.md).',
  })),
  ...Object.entries(domainUses).map(([name, uses]) => ({
    target: `./src/features/${name}`,
    from: './src/features',
    except: [`./${name}`, ...entries(uses)],
    message: `${name} imports its own files and the entries of ${uses.join(', ') || 'no other domain'} (DOMAINS in eslint.config.js).`,
  })),
  ...domainFolders.map((name) => ({
    target: `./src/features/${name}`,
    from: ['./src/app', './src/routes'],
    message: 'A domain never imports the app shell or routes.',
  })),
  {
    // Not src/boot.ts: bundled alone into every page, it takes the settings' look rules from their own files.
    target: ['./src/app', './src/routes', './src/main.tsx', './src/router.ts', './src/prerender-entry.tsx'],
    from: './src/features',
    except: entries(domainFolders),
    message: 'The app imports a domain through its entry (its index.ts) only.',
  },
  { target: './src/app', from: './src/routes', message: 'Routes sit above the app shell.' },
];

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
      '.tanstack',
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
    // Without it the zones below never match: an import the resolver cannot find is skipped.
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'] })],
    },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...tierZones,
            { target: './src', from: './tests', message: 'The app never imports test code.' },
            { target: './src', from: './api', message: 'The app calls the API over HTTP, never imports it.' },
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
    // The product API runs on Lambda and in the local provider: it shares only the app's configuration tables (its
    // tests may compare the app's rules with its own).
    files: ['api/**/*.ts'],
    ignores: ['api/**/*.test.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [{ target: './api', from: './src', except: ['./config'], message: 'The API shares src/config only.' }],
        },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'tests/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    files: ['tests/e2e/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [{ target: './tests/e2e', from: './src', message: 'End-to-end tests drive the built app only.' }] },
      ],
      // A test waits for what a user waits for; only nothingHappensFor (fixtures.ts) waits a fixed time, with a reason.
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='waitForTimeout']",
          message: 'Wait for what a user waits for, or use nothingHappensFor(page, ms, reason) from fixtures.ts.',
        },
      ],
    },
  },
  prettier,
);
