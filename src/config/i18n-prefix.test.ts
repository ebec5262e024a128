import { describe, expect, it, vi } from 'vitest';
import { parseEnv } from './parse-env';

const production = { MODE: 'production', PROD: true };
const development = { MODE: 'development', PROD: false };

const prefix = (value: string, base: Record<string, string | boolean> = production) =>
  parseEnv({ ...base, VITE_I18N_PREFIX: value }).i18nPrefix;

describe('VITE_I18N_PREFIX (where the translation files are fetched from)', () => {
  it.each([
    ['', ''],
    ['/app', '/app'],
    ['/app/', '/app'],
    ['/my-app/v2.1/', '/my-app/v2.1'],
    ['https://cdn.example.com/app', 'https://cdn.example.com/app'],
    [' HTTPS://CDN.Example.com:443/app/ ', 'https://cdn.example.com/app'],
    ['https://cdn.example.com', 'https://cdn.example.com'],
    ['http://127.0.0.1:5173/app', 'http://127.0.0.1:5173/app'],
    ['http://localhost:5173', 'http://localhost:5173'],
    ['http://[::1]:8080/x', 'http://[::1]:8080/x'],
  ])('a production build takes %j as %j', (value, expected) => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(prefix(value)).toBe(expected);
    expect(error).not.toHaveBeenCalled();
  });

  it.each([
    ['http://cdn.example.com/app', 'plain http off loopback'],
    ['HTTP://cdn.example.com/app', 'plain http in capitals'],
    ['http://127.0.0.1.evil.example/app', 'a look-alike of loopback'],
    ['http://localhost.evil.example/app', 'another look-alike of loopback'],
    ['//cdn.example.com/app', 'protocol-relative'],
    [' //cdn.example.com/app', 'protocol-relative after a space'],
    ['/\\cdn.example.com/app', 'protocol-relative with a backslash'],
    ['\\\\cdn.example.com/app', 'two backslashes'],
    ['/..//cdn.example.com', 'a path that climbs to a protocol-relative one'],
    ['/app/../other', 'a path that climbs'],
    ['/%2F%2Fcdn.example.com', 'an encoded protocol-relative path'],
    ['https://user:pass@cdn.example.com/app', 'credentials'],
    ['https://cdn.example.com/app?v=1', 'a query'],
    ['https://cdn.example.com/app#x', 'a fragment'],
    ['javascript:alert(1)', 'a script URL'],
    ['data:text/plain,x', 'a data URL'],
    ['ftp://cdn.example.com/app', 'another scheme'],
    ['https&#58;//cdn.example.com/app', 'an entity-encoded scheme separator'],
    ['app', 'a relative path (another one on every page)'],
    ['/app path', 'a space'],
  ])('a production build refuses %j (%s): one console error naming it, translations from the app itself', (value) => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(prefix(value)).toBe('');
    expect(error).toHaveBeenCalledOnce();
    expect(error.mock.calls[0]?.[0]).toContain('VITE_I18N_PREFIX');
  });

  it('a development build takes plain http anywhere, but never a protocol-relative prefix', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(prefix('http://cdn.example.com/app', development)).toBe('http://cdn.example.com/app');
    expect(error).not.toHaveBeenCalled();
    expect(prefix('//cdn.example.com/app', development)).toBe('');
    expect(error).toHaveBeenCalledOnce();
  });
});
