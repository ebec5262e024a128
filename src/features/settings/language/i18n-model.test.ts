import { signal } from '@preact/signals-react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '../../../config/constants';
import { connectReporter, type Notice } from '../../../lib/notice-bus';
import { I18nModel } from './i18n-model';
import { createMessagesLoader } from '../../../i18n/load-messages';

const FILES: Record<string, Record<string, string>> = {
  en: { 'snxt.menu.settings': 'Settings', 'snxt.settings.theme': 'Theme' },
  de: { 'snxt.menu.settings': 'Einstellungen' },
  he: { 'snxt.menu.settings': 'הגדרות' },
  'pt-br': { 'snxt.menu.settings': 'Configurações' },
};

/** A fetch serving FILES, except the languages in `broken`, which answer the given way. */
function fakeFetch(broken: Partial<Record<Language, () => Response>> = {}) {
  return vi.fn(async (input: RequestInfo | URL) => {
    const language = /\/([\w-]+)\.json$/.exec(String(input))?.[1] as Language;
    const fail = broken[language];
    if (fail) return fail();
    const body = FILES[language];
    return body ? new Response(JSON.stringify(body)) : new Response('Not found', { status: 404 });
  });
}

let root: HTMLElement;
let reported: unknown[];
let logged: unknown[];
let notices: Notice[];
let disconnect: () => void;
let model: I18nModel | null = null;

beforeEach(() => {
  root = document.createElement('html');
  reported = [];
  notices = [];
  logged = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void logged.push(args));
  disconnect = connectReporter({ error: (error) => reported.push(error), notice: (notice) => notices.push(notice) });
});

afterEach(() => {
  model?.[Symbol.dispose]();
  disconnect();
});

/** The chosen language, as the settings model would hold it. */
function start(initial: Language, fetchImpl: typeof fetch) {
  const language = signal(initial);
  model = new I18nModel({ language, root, load: createMessagesLoader(fetchImpl) });
  return {
    changeLanguage: (next: Language) => void (language.value = next),
  };
}

const shown = () => model?.messages.value?.language;

/** A fetch that answers `suffix` only once `release()` is called: a slow language file. */
function holdBack(suffix: string) {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const fetchImpl = fakeFetch();
  const gatedFetch = (async (input: RequestInfo | URL) => {
    if (String(input).endsWith(suffix)) await gate;
    return fetchImpl(input);
  }) as typeof fetch;
  return { fetch: gatedFetch, release: () => release() };
}

describe('the i18n model', () => {
  it('loads the active language and sets <html lang dir>', async () => {
    start('pt-br', fakeFetch());
    await vi.waitFor(() => expect(shown()).toBe('pt-br'));
    expect(model?.messages.value?.messages['snxt.menu.settings']).toBe('Configurações');
    expect(root.lang).toBe('pt-BR');
    expect(root.dir).toBe('ltr');
  });

  it('leaves <html lang dir> untouched when the boot script already set them: a browser restyles every :lang', async () => {
    root.lang = 'he';
    root.dir = 'rtl';
    const changes: MutationRecord[] = [];
    const observer = new MutationObserver((records) => changes.push(...records));
    observer.observe(root, { attributes: true });
    start('he', fakeFetch());
    await vi.waitFor(() => expect(shown()).toBe('he'));
    await Promise.resolve();
    observer.disconnect();
    expect(changes.map((change) => change.attributeName)).toEqual([]);
  });

  it('switches to Hebrew right to left', async () => {
    const settings = start('en', fakeFetch());
    await vi.waitFor(() => expect(shown()).toBe('en'));
    expect(root.dir).toBe('ltr');
    settings.changeLanguage('he');
    await vi.waitFor(() => expect(root.dir).toBe('rtl'));
    expect(root.lang).toBe('he');
  });

  it('keeps the previous language on screen until the next one has loaded', async () => {
    const { fetch: gatedFetch, release } = holdBack('/de.json');
    const settings = start('en', gatedFetch);
    await vi.waitFor(() => expect(shown()).toBe('en'));

    settings.changeLanguage('de');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(shown()).toBe('en');
    expect(root.lang).toBe('en');

    release();
    await vi.waitFor(() => expect(shown()).toBe('de'));
    expect(root.lang).toBe('de');
  });

  it('ignores a slow language that was already switched away from', async () => {
    const { fetch: gatedFetch, release } = holdBack('/de.json');
    const settings = start('en', gatedFetch);
    await vi.waitFor(() => expect(shown()).toBe('en'));
    settings.changeLanguage('de');
    settings.changeLanguage('he');
    await vi.waitFor(() => expect(shown()).toBe('he'));
    release();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(shown()).toBe('he');
  });

  it.each([
    ['a 404', () => new Response('Not found', { status: 404 })],
    ['HTML instead of JSON', () => new Response('<!doctype html><title>app</title>', { status: 200 })],
    [
      'a network error',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ])('after %s shows English, logs the error and shows one warning notice, not an error too', async (_, fail) => {
    const settings = start('de', fakeFetch({ de: fail }));
    await vi.waitFor(() => expect(shown()).toBe('en'));
    expect(model?.messages.value?.messages['snxt.menu.settings']).toBe('Settings');
    expect(root.lang).toBe('en');
    expect(logged).toHaveLength(1);
    expect(String(logged[0])).toMatch(/"de"/);
    expect(reported).toEqual([]);
    expect(notices).toEqual([expect.objectContaining({ kind: 'warning', messageId: 'snxt.i18n.loadFailed' })]);

    // Choosing the same language again neither refetches nor warns again.
    settings.changeLanguage('de');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(logged).toHaveLength(1);
    expect(notices).toHaveLength(1);

    // The app keeps working: another language still loads.
    settings.changeLanguage('he');
    await vi.waitFor(() => expect(shown()).toBe('he'));
    expect(logged).toHaveLength(1);
  });

  it('requests only the active language file, and English as its fallback', async () => {
    const fetchImpl = fakeFetch();
    const settings = start('en', fetchImpl);
    await vi.waitFor(() => expect(shown()).toBe('en'));
    expect(fetchImpl.mock.calls.map(([url]) => String(url))).toEqual(['/assets/i18n/en.json']);
    settings.changeLanguage('de');
    await vi.waitFor(() => expect(shown()).toBe('de'));
    expect(fetchImpl.mock.calls.map(([url]) => String(url))).toEqual(['/assets/i18n/en.json', '/assets/i18n/de.json']);
  });
});
