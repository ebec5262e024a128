import { onTestFinished } from 'vitest';
import en from '../../public/assets/i18n/en.json';
import type { LoadedMessages } from '../i18n/load-messages';
import { createMemoryStorage, type AppStorage } from '../lib/storage';
import { startState, type AppStateDeps } from '../app/app-state';

const loadEnglish = async (): Promise<LoadedMessages> => ({ language: 'en', messages: en, errors: [] });

/** The app's state for this test, disposed when it ends; `stored` values are JSON-encoded into memory storage. */
export function startTestState({
  stored = {},
  ...deps
}: Partial<AppStateDeps> & { stored?: Record<string, unknown> } = {}): AppStorage {
  const storage = deps.storage ?? createMemoryStorage();
  for (const [key, value] of Object.entries(stored)) storage.setItem(key, JSON.stringify(value));
  const root = deps.root ?? document.createElement('html');
  onTestFinished(startState({ loadMessages: loadEnglish, userAgent: '', ...deps, root, storage }));
  return storage;
}
