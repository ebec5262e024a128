import { onTestFinished } from 'vitest';
import en from '../../public/assets/i18n/en.json';
import type { LoadedMessages } from '../i18n/load-messages';
import { createMemoryStorage, type AppStorage } from '../lib/storage';
import { startState, type AppStateDeps } from '../state/app-state';

/** English, at once: what the app shows once en.json has arrived. */
const loadEnglish = async (): Promise<LoadedMessages> => ({ language: 'en', messages: en, errors: [] });

/**
 * Starts the app's state for the current test, as the app does (models, their effects, the
 * reporting door), with in-memory storage holding `stored` (key → value, JSON-encoded here) and
 * English messages; it is disposed when the test finishes.
 */
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
