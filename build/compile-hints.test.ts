// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, compileHintsPlugin } from './compile-hints.mjs';

type Chunk = { type: 'chunk'; fileName: string; code: string; imports: string[]; [key: string]: unknown };

function bundle(): Record<string, Chunk | { type: 'asset'; fileName: string; source: string }> {
  const chunk = (fileName: string, extra: Partial<Chunk> = {}): Chunk => ({
    type: 'chunk',
    fileName,
    code: `/* ${fileName} */`,
    imports: [],
    ...extra,
  });
  return {
    'assets/index.js': chunk('assets/index.js', { isEntry: true, imports: ['assets/react-dom.js'] }),
    'assets/react-dom.js': chunk('assets/react-dom.js', { imports: [] }),
    'assets/client.js': chunk('assets/client.js', {
      isDynamicEntry: true,
      facadeModuleId: '/app/node_modules/react-dom/client.js',
      imports: ['assets/react-dom.js'],
    }),
    'assets/settings.js': chunk('assets/settings.js', {
      isDynamicEntry: true,
      facadeModuleId: '/app/src/routes/settings.tsx?tsr-split=component',
      imports: ['assets/switch.js'],
    }),
    'assets/switch.js': chunk('assets/switch.js'),
    'assets/toaster.js': chunk('assets/toaster.js', {
      isDynamicEntry: true,
      facadeModuleId: '/app/src/app/app-toaster.tsx',
    }),
    'assets/user.js': chunk('assets/user.js', {
      isDynamicEntry: true,
      facadeModuleId: '/app/src/routes/users.$id.tsx?tsr-split=component',
    }),
    'assets/i18n/en.json': { type: 'asset', fileName: 'assets/i18n/en.json', source: '{}' },
  };
}

function run(files: ReturnType<typeof bundle>) {
  const plugin = compileHintsPlugin('/app/src/routes');
  const hook = plugin.generateBundle as { order: string; handler: (options: object, bundle: object) => void };
  // The hint must open the file: after Vite writes the preload helper's data in at the top of the entry.
  expect(hook.order).toBe('post');
  hook.handler({}, files);
  return files;
}

const code = (files: ReturnType<typeof bundle>, name: string) => (files[name] as Chunk).code;

describe('compile hints', () => {
  it('asks for eager compilation of what a first visit runs: the entry, its imports, the renderer, the pages', () => {
    const files = run(bundle());
    for (const name of [
      'assets/index.js',
      'assets/react-dom.js',
      'assets/client.js',
      'assets/settings.js',
      'assets/switch.js',
    ]) {
      expect(code(files, name), name).toBe(`${COMPILE_HINT}/* ${name} */`);
    }
  });

  it('leaves what loads later lazy: other chunks, pages no first visit opens, assets', () => {
    const files = run(bundle());
    expect(code(files, 'assets/toaster.js')).toBe('/* assets/toaster.js */');
    expect(code(files, 'assets/user.js')).toBe('/* assets/user.js */');
    expect((files['assets/i18n/en.json'] as { source: string }).source).toBe('{}');
  });

  it('writes the hint once, at the very start, even when the hook runs again', () => {
    const files = run(run(bundle()));
    expect(code(files, 'assets/index.js')).toBe(`${COMPILE_HINT}/* assets/index.js */`);
    expect(COMPILE_HINT).toBe('//# allFunctionsCalledOnLoad\n');
  });

  it('applies to the browser build only', () => {
    const apply = compileHintsPlugin('/app/src/routes').apply as (config: object, env: object) => boolean;
    expect(apply({}, { command: 'build', isSsrBuild: false })).toBe(true);
    expect(apply({}, { command: 'build', isSsrBuild: true })).toBe(false);
    expect(apply({}, { command: 'serve', isSsrBuild: false })).toBe(false);
  });
});
