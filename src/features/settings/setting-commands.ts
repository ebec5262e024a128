import { DEFAULT_LOCALE, type Language } from '../../config/constants';
import { LANGUAGE_INFO, languageCode } from '../../i18n/languages';
import { settings } from './settings-model';
import type { Command, CommandSource } from '../command-palette';
import type { SettingName } from './settings-fields';
import { SETTING_CONTROLS, type SettingControl } from './page/setting-controls';

// A language is found by its name in English and in the language on screen, and by its code, not only by its own.
function languageWords(code: string): string[] {
  const shown = LANGUAGE_INFO[settings().state.value.language].locale;
  const names = [DEFAULT_LOCALE, shown].flatMap(
    (locale) => new Intl.DisplayNames([locale], { type: 'language' }).of(code) ?? [],
  );
  return Object.hasOwn(LANGUAGE_INFO, code) ? [...names, languageCode(code as Language)] : names;
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
    return [{ id: `${name}.toggle`, group, labelKey, keywordsKey: control.keywordsKey, run: () => change(!on) }];
  }
  const namesItsSetting = group !== name;
  return control.options.map((option) => ({
    id: `${name}.${option.value}`,
    group,
    ...('labelKey' in option
      ? namesItsSetting
        ? { labelKey: 'snxt.palette.choice', labelArgs: { setting: control.labelKey, option: option.labelKey } }
        : { labelKey: option.labelKey }
      : { label: { text: option.label, lang: option.lang }, keywords: languageWords(option.value) }),
    keywordsKey: option.keywordsKey,
    current: state[name] === option.value,
    run: () => change(option.value),
  }));
}

/** Each settings row with a `command` hint, as its state now asks ("Turn off" while on, the current option). */
export const settingCommands: CommandSource = () =>
  (Object.keys(SETTING_CONTROLS) as SettingName[]).flatMap((name) => {
    const control = SETTING_CONTROLS[name];
    return control ? commandsOf(name, control) : [];
  });
