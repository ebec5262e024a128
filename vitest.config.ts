import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { configDefaults, defineConfig, mergeConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import appConfig from './vite.config.ts';

const TEST_FOLDERS = ['src', 'api', 'build', 'scripts', 'tests/support'];
const TEST_FILE = /\.test\.tsx?$/;
/** Tests that copy the repository run in a step of their own, `npm run test:recipes`. */
const SCRATCH_COPY_TEST = /\.scratch\.test\.ts$/;
const ENVIRONMENT = /^\/\/ @vitest-environment (\S+)/m;
const DEFAULT_ENVIRONMENT = 'happy-dom';
/**
 * Files that need modules of their own: those that replace modules (the others share one module graph per worker),
 * and those that render with React's server renderer (the client renderer then warns on every shared context).
 */
const NEEDS_OWN_MODULES =
  /\bvi\.(?:mock|doMock|unmock|doUnmock|resetModules)\(|\bprerenderApp\(|react-dom\/(?:static|server)/;

interface TestFile {
  path: string;
  environment: string;
  isolated: boolean;
}

const testFiles: TestFile[] = TEST_FOLDERS.flatMap((folder) =>
  readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter(
      (file) => TEST_FILE.test(file) && !SCRATCH_COPY_TEST.test(file) && !file.split(/[/\\]/).includes('node_modules'),
    )
    .map((file) => {
      const path = join(folder, file).replaceAll('\\', '/');
      const source = readFileSync(path, 'utf8');
      return {
        path,
        environment: ENVIRONMENT.exec(source)?.[1] ?? DEFAULT_ENVIRONMENT,
        isolated: NEEDS_OWN_MODULES.test(source),
      };
    }),
);

/**
 * One project per environment: a worker sets its environment up and imports what the files share once, then runs
 * file after file in it (isolate: false). The files above get fresh modules each, in one worker (vmThreads). A new
 * file is in the default environment's project until the next start reads its first line.
 */
function projects(): TestProjectInlineConfiguration[] {
  const elsewhere = testFiles.filter((file) => file.isolated || file.environment !== DEFAULT_ENVIRONMENT);
  const others = [...new Set(elsewhere.filter((file) => !file.isolated).map((file) => file.environment))].sort();
  const paths = (files: TestFile[]) => files.map((file) => file.path);
  return [
    {
      extends: true,
      test: {
        name: DEFAULT_ENVIRONMENT,
        include: TEST_FOLDERS.map((folder) => `${folder}/**/*.test.{ts,tsx}`),
        exclude: [...configDefaults.exclude, '**/*.scratch.test.ts', ...paths(elsewhere)],
        isolate: false,
      },
    },
    ...others.map((environment) => ({
      extends: true as const,
      test: {
        name: environment,
        environment,
        include: paths(elsewhere.filter((file) => file.environment === environment && !file.isolated)),
        isolate: false,
      },
    })),
    {
      extends: true,
      test: { name: 'isolated', pool: 'vmThreads', include: paths(testFiles.filter((file) => file.isolated)) },
    },
  ];
}

export default defineConfig((env) =>
  mergeConfig(appConfig(env), {
    test: {
      environment: DEFAULT_ENVIRONMENT,
      setupFiles: ['src/test/setup.ts'],
      restoreMocks: true,
      maxWorkers: availableParallelism(),
      pool: 'threads',
      // A busy machine (two cores, shared) slows every test; the deadline is for a test that hangs.
      testTimeout: 20_000,
      projects: projects(),
    },
  }),
);
