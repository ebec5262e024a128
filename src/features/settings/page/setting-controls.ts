import { LANGUAGES, NIGHT_MODE_SOURCES, THEMES, TEXT_SIZE_CHOICES } from '../../../config/constants';
import { LANGUAGE_NAMES } from '../../../i18n/language-names';
import { LANGUAGE_INFO } from '../../../i18n/languages';
import type { CommandGroup } from '../../command-palette';
import type { SettingName } from '../settings-fields';

export type SettingsSection = 'general' | 'themes' | 'animations';

interface ControlBase {
  section: SettingsSection;
  labelKey: string;
  descriptionKey?: string;
  /** Shown only while this (boolean) setting is on. */
  shownWhen?: SettingName;
  /** In the palette: a switch as "Turn on/off …" (`${labelKey}.turnOn`/`.turnOff`), a select's options. */
  command?: CommandGroup;
  keywordsKey?: string;
}

export type SettingControl =
  | (ControlBase & {
      kind: 'switch';
      disabledWhen?: { field: SettingName; reasonKey: string };
    })
  | (ControlBase & {
      kind: 'select';
      options: readonly SelectOption[];
    });

type SelectOption = { value: string; keywordsKey?: string } & ({ labelKey: string } | { label: string; lang: string });

const THEME_OPTIONS: readonly SelectOption[] = THEMES.map((theme) => {
  const key = `snxt.settings.themes.${theme.replace(/-THEME$/, '').toLowerCase()}`;
  return { value: theme, labelKey: key, keywordsKey: `${key}.keywords` };
});

export const SETTING_CONTROLS: { readonly [K in SettingName]?: SettingControl } = {
  language: {
    kind: 'select',
    section: 'general',
    labelKey: 'snxt.settings.language',
    command: 'language',
    options: LANGUAGES.map((code) => ({
      value: code,
      label: LANGUAGE_NAMES[code],
      lang: LANGUAGE_INFO[code].locale,
    })),
  },
  stickyHeader: {
    kind: 'switch',
    section: 'general',
    labelKey: 'snxt.settings.stickyHeader',
    command: 'preferences',
    descriptionKey: 'snxt.settings.stickyHeader.description',
  },
  theme: {
    kind: 'select',
    section: 'themes',
    labelKey: 'snxt.settings.theme',
    options: THEME_OPTIONS,
    command: 'theme',
  },
  autoNightMode: {
    kind: 'switch',
    section: 'themes',
    labelKey: 'snxt.settings.autoNightMode',
    descriptionKey: 'snxt.settings.autoNightMode.description',
    command: 'theme',
    keywordsKey: 'snxt.settings.autoNightMode.keywords',
  },
  nightModeSource: {
    kind: 'select',
    section: 'themes',
    labelKey: 'snxt.settings.nightModeSource',
    options: NIGHT_MODE_SOURCES.map((source) => ({
      value: source,
      labelKey: `snxt.settings.nightModeSource.${source}`,
    })),
    shownWhen: 'autoNightMode',
  },
  nightTheme: {
    kind: 'select',
    section: 'themes',
    labelKey: 'snxt.settings.nightTheme',
    options: THEME_OPTIONS,
    shownWhen: 'autoNightMode',
  },
  pageAnimations: {
    kind: 'switch',
    section: 'animations',
    labelKey: 'snxt.settings.animations.page',
    command: 'preferences',
    descriptionKey: 'snxt.settings.animations.page.description',
    disabledWhen: { field: 'pageAnimationsDisabled', reasonKey: 'snxt.settings.animations.pageDisabled' },
  },
  elementsAnimations: {
    kind: 'switch',
    section: 'animations',
    labelKey: 'snxt.settings.animations.elements',
    command: 'preferences',
    descriptionKey: 'snxt.settings.animations.elements.description',
  },
  textSize: {
    kind: 'select',
    section: 'general',
    labelKey: 'snxt.settings.textSize',
    options: TEXT_SIZE_CHOICES.map((choice) => ({ value: choice, labelKey: `snxt.settings.textSize.${choice}` })),
    command: 'preferences',
  },
};
