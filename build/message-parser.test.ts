// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { messageParserPlugin } from './message-parser.mjs';

describe('messageParserPlugin', () => {
  const plugin = messageParserPlugin();
  const resolveId = (source: string, importer?: string) => {
    const resolve = vi.fn(async (id: string) => ({ id: `/resolved/${id}` }));
    const hook = plugin.resolveId as (this: unknown, ...args: unknown[]) => unknown;
    return { result: hook.call({ resolve }, source, importer, {}), resolve };
  };

  it('gives react-intl’s formatters the parser-less module in a client build', async () => {
    for (const importer of [
      '/app/node_modules/intl-messageformat/index.js',
      '/app/node_modules/@formatjs/intl/index.js',
    ]) {
      const { result } = resolveId('@formatjs/icu-messageformat-parser', importer);
      expect(await result).toEqual({ id: '/resolved/@formatjs/icu-messageformat-parser/no-parser.js' });
    }
  });

  it('leaves the app’s own import of the parser (loaded when a message needs it) and everything else alone', () => {
    expect(resolveId('@formatjs/icu-messageformat-parser', '/app/src/i18n/compile-messages.ts').result).toBeNull();
    expect(resolveId('react', '/app/node_modules/react-intl/index.js').result).toBeNull();
  });

  it('applies to the client build only: the prerender, the dev server and the tests parse messages themselves', () => {
    const apply = plugin.apply as (config: object, env: { command: string; isSsrBuild?: boolean }) => boolean;
    expect(apply({}, { command: 'build', isSsrBuild: false })).toBe(true);
    expect(apply({}, { command: 'build', isSsrBuild: true })).toBe(false);
    expect(apply({}, { command: 'serve' })).toBe(false);
  });
});
