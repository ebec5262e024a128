import { beforeEach, describe, expect, it, vi } from 'vitest';
import { env } from '../config/env';
import { createMessagesLoader } from './load-messages';

// Served under a prefix (VITE_I18N_PREFIX), as a build may be.
beforeEach(() => {
  vi.spyOn(env, 'i18nPrefix', 'get').mockReturnValue('/app');
});

const EN = { 'snxt.a': 'Settings', 'snxt.b': 'Theme' };
const DE = { 'snxt.a': 'Einstellungen' };

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });

/** A fetch that serves the given files by URL and answers 404 for anything else. */
function fakeFetch(files: Record<string, () => Response | Promise<Response>>) {
  return vi.fn(async (input: RequestInfo | URL) => {
    const serve = files[String(input)];
    return serve ? serve() : new Response('Not found', { status: 404 });
  });
}

describe('a language file', () => {
  it('is a key → text map read from {prefix}/assets/i18n/{lang}.json', async () => {
    const fetchImpl = fakeFetch({
      '/app/assets/i18n/en.json': () => json({}),
      '/app/assets/i18n/zh-cn.json': () => json(DE),
    });
    await expect(createMessagesLoader(fetchImpl)('zh-cn')).resolves.toEqual({
      language: 'zh-cn',
      messages: DE,
      compiled: { 'snxt.a': [{ type: 0, value: 'Einstellungen' }] },
      errors: [],
    });
  });

  it.each([
    ['a 404', () => new Response('Not found', { status: 404 }), /HTTP 404/],
    ['HTML instead of JSON', () => new Response('<!doctype html><html></html>', { status: 200 }), /not JSON/],
    ['JSON that is not a map of texts', () => json({ 'snxt.a': 42 }), /not a map of texts/],
    ['a JSON array', () => json(['Settings']), /not a map of texts/],
    [
      'a network error',
      () => {
        throw new TypeError('Failed to fetch');
      },
      /Failed to fetch/,
    ],
  ])('is refused for %s, with an error naming the language', async (_, serve, reason) => {
    const fetchImpl = fakeFetch({ '/app/assets/i18n/en.json': () => json(EN), '/app/assets/i18n/de.json': serve });
    const { errors } = await createMessagesLoader(fetchImpl)('de');
    expect(errors).toEqual([
      expect.objectContaining({ name: 'MessagesLoadError', language: 'de', message: expect.stringMatching(reason) }),
    ]);
  });
});

describe('createMessagesLoader', () => {
  it('loads only en.json for English', async () => {
    const fetchImpl = fakeFetch({ '/app/assets/i18n/en.json': () => json(EN) });
    const loaded = await createMessagesLoader(fetchImpl)('en');
    expect(loaded).toMatchObject({ language: 'en', messages: EN, errors: [] });
    expect(fetchImpl.mock.calls.map(([url]) => url)).toEqual(['/app/assets/i18n/en.json']);
  });

  it('puts English under another language, so a missing key falls back to English', async () => {
    const fetchImpl = fakeFetch({
      '/app/assets/i18n/en.json': () => json(EN),
      '/app/assets/i18n/de.json': () => json(DE),
    });
    const loaded = await createMessagesLoader(fetchImpl)('de');
    expect(loaded.messages).toEqual({ 'snxt.a': 'Einstellungen', 'snxt.b': 'Theme' });
    expect(loaded.errors).toEqual([]);
  });

  it('fetches each file once per session', async () => {
    const fetchImpl = fakeFetch({
      '/app/assets/i18n/en.json': () => json(EN),
      '/app/assets/i18n/de.json': () => json(DE),
    });
    const load = createMessagesLoader(fetchImpl);
    await load('de');
    await load('en');
    await load('de');
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it('falls back to English when the language fails, and tries the file again on the next request', async () => {
    let deFails = true;
    const fetchImpl = fakeFetch({
      '/app/assets/i18n/en.json': () => json(EN),
      '/app/assets/i18n/de.json': () => (deFails ? new Response('gone', { status: 404 }) : json(DE)),
    });
    const load = createMessagesLoader(fetchImpl);
    const failed = await load('de');
    expect(failed.messages).toEqual(EN);
    expect(failed.errors).toHaveLength(1);
    expect(failed.errors[0]).toMatchObject({ language: 'de' });

    deFails = false;
    expect((await load('de')).messages['snxt.a']).toBe('Einstellungen');
  });

  it('keeps the language when only English fails; keys missing from it then show as themselves', async () => {
    const fetchImpl = fakeFetch({ '/app/assets/i18n/de.json': () => json(DE) });
    const loaded = await createMessagesLoader(fetchImpl)('de');
    expect(loaded.messages).toEqual(DE);
    expect(loaded.errors.map((error) => error.language)).toEqual(['en']);
  });
});
