import { computed, signal } from '@preact/signals-react';
import { DEFAULT_LANGUAGE } from '../config/constants';
import { runEffect } from '../lib/effect-runner';
import { reportError, reportNotice } from '../lib/report';
import type { SettingsStore } from '../state/settings';
import { htmlLang, languageDirection } from './languages';
import { createMessagesLoader, type LoadedMessages } from './load-messages';

/** The messages on screen. The previous language stays until the next one has loaded. */
export const activeMessages = signal<LoadedMessages | null>(null);

/**
 * Direction of the texts on screen, for components that need it as a prop (Radix menus and
 * toasts read `dir` from props or context, not from `<html dir>`).
 */
export const textDirection = computed(() => languageDirection(activeMessages.value?.language ?? DEFAULT_LANGUAGE));

const LOAD_FAILED_NOTICE = {
  kind: 'warning',
  messageId: 'snxt.i18n.loadFailed',
  defaultMessage: 'Some translations could not be loaded, so some texts are shown in English.',
} as const;

/** Loads the active language whenever it changes and keeps `<html lang dir>` in step with it. */
export function startI18n(settings: SettingsStore, root: HTMLElement, load = createMessagesLoader()) {
  // Only a new language reloads: other settings (theme, the hourly clock) must not refetch a
  // failed file or report its failure again.
  const language = computed(() => settings.state.value.language);
  const stopLoading = runEffect('load messages', () => {
    const wanted = language.value;
    let current = true;
    void load(wanted).then((loaded) => {
      if (!current) return;
      const failed = loaded.errors.some((error) => error.language === wanted);
      activeMessages.value = { ...loaded, language: failed ? DEFAULT_LANGUAGE : wanted };
      for (const error of loaded.errors) reportError(error, 'Translations');
      if (loaded.errors.length > 0) reportNotice(LOAD_FAILED_NOTICE);
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
