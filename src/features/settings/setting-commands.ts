import { DEFAULT_LOCALE } from '../../config/constants';
import { LANGUAGE_INFO } from '../../i18n/languages';
import { settings } from './settings-model';
import type { Command, CommandSource } from '../command-palette';
import type { SettingName } from './settings-fields';
import { SETTING_CONTROLS, type SettingControl } from './page/setting-controls';

// A language is found by its name in English and in the language on screen, not only by its own.
function languageNames(code: string): string[] {
  const shown = LANGUAGE_INFO[settings().state.value.language].locale;
  return [DEFAULT_LOCALE, shown].flatMap(
    (locale) => new Intl.DisplayNames([locale], { type: 'language' }).of(code) ?? [],
  );
}

function commandsOf(name: SettingName, control: SettingControl): Command[] {
  const group = control.command;
  if (!group) return [];
  const state = settings().state.value;
  const change = settings().change[name] as (value: unknown) => boolean;
  if (control.kind === 'switch') {
    if (control.disabledWhen && state[control.disabledWhen.field] === true) return [];
    const on = state[name] === true;
    const labelKey = `${control.labelKey}.${on ? 'turnOff' : 'turnOn'}`;
    return [{ id: `${name}.toggle`, group, labelKey, run: () => change(!on) }];
  }
  return control.options.map((option) => ({
    id: `${name}.${option.value}`,
    group,
    ...('labelKey' in option
      ? { labelKey: option.labelKey }
      : { label: { text: option.label, lang: option.lang }, keywords: languageNames(option.value) }),
    run: () => change(option.value),
  }));
}

/** Each settings row with a `command` hint, as its state now asks ("Turn off" while on). */
export const settingCommands: CommandSource = () =>
  (Object.keys(SETTING_CONTROLS) as SettingName[]).flatMap((name) => {
    const control = SETTING_CONTROLS[name];
    return control ? commandsOf(name, control) : [];
  });
