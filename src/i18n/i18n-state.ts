import { signal } from '@preact/signals-react';
import { DEFAULT_LANGUAGE } from '../config/constants';
import { runEffect } from '../lib/effect-runner';
import { reportNotice } from '../lib/report';
import type { SettingsStore } from '../state/settings';
import { htmlLang, languageDirection } from './languages';
import { createMessagesLoader, type LoadedMessages } from './load-messages';

/** The messages on screen. The previous language stays until the next one has loaded. */
export const activeMessages = signal<LoadedMessages | null>(null);

/** Loads the active language whenever it changes and keeps `<html lang dir>` in step with it. */
export function startI18n(settings: SettingsStore, root: HTMLElement, load = createMessagesLoader()) {
  const stopLoading = runEffect('load messages', () => {
    const language = settings.state.value.language;
    let current = true;
    void load(language).then((loaded) => {
      if (!current) return;
      for (const error of loaded.errors) console.error(error);
      const shown = loaded.errors.some((error) => error.language === language) ? DEFAULT_LANGUAGE : language;
      activeMessages.value = { ...loaded, language: shown };
      if (loaded.errors.length > 0) {
        reportNotice({
          kind: 'warning',
          messageId: 'snxt.i18n.loadFailed',
          defaultMessage: 'Some translations could not be loaded, so some texts are shown in English.',
        });
      }
    });
    return () => {
      current = false;
    };
  });
  const stopDocument = runEffect('document language', () => {
    const loaded = activeMessages.value;
    if (!loaded) return;
    root.lang = htmlLang(loaded.language);
    root.dir = languageDirection(loaded.language);
  });
  return () => {
    stopLoading();
    stopDocument();
  };
}
