import { DEFAULT_LANGUAGE, type Language } from '../config/constants';
import { env } from '../config/env';
import { cachedPromiseByKey } from '../lib/cached-promise';
import { isRecord } from '../lib/checks';
import { compileMessages, type CompiledMessages } from './compile-messages';

export type Messages = Record<string, string>;

class MessagesLoadError extends Error {
  constructor(
    readonly language: Language,
    reason: string,
  ) {
    super(`Could not load translations for "${language}": ${reason}`);
    this.name = 'MessagesLoadError';
  }
}

const messagesUrl = (language: Language) => `${env.i18nPrefix}/assets/i18n/${language}.json`;

async function fetchMessages(language: Language, fetchImpl: typeof fetch = fetch): Promise<Messages> {
  let response: Response;
  try {
    response = await fetchImpl(messagesUrl(language), { headers: { Accept: 'application/json' } });
  } catch (error) {
    throw new MessagesLoadError(language, error instanceof Error ? error.message : 'network error');
  }
  if (!response.ok) throw new MessagesLoadError(language, `HTTP ${response.status}`);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new MessagesLoadError(language, 'the file is not JSON');
  }
  if (!isRecord(body) || !Object.values(body).every((value) => typeof value === 'string')) {
    throw new MessagesLoadError(language, 'the file is not a map of texts');
  }
  return body as Messages;
}

export interface LoadedMessages {
  language: Language;
  messages: Messages;
  compiled?: CompiledMessages;
  errors: MessagesLoadError[];
}

/** Each file once per session, English merged under the language so a missing key shows in English. */
export function createMessagesLoader(fetchImpl: typeof fetch = (...args) => fetch(...args)) {
  const get = cachedPromiseByKey((language: Language) => fetchMessages(language, fetchImpl));

  return async function loadMessages(language: Language): Promise<LoadedMessages> {
    const wanted = [DEFAULT_LANGUAGE, ...(language === DEFAULT_LANGUAGE ? [] : [language])];
    const results = await Promise.allSettled(wanted.map(get));
    const errors: MessagesLoadError[] = [];
    const messages: Messages = {};
    results.forEach((result) => {
      if (result.status === 'fulfilled') Object.assign(messages, result.value);
      else errors.push(result.reason as MessagesLoadError);
    });
    return { language, messages, compiled: await compileMessages(messages), errors };
  };
}
