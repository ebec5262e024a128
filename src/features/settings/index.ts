// The visitor's settings (snxt-SETTINGS): fields, model, theme, the language on screen, the page, palette commands.
export { I18nModel, i18n, runI18n } from './language/i18n-model';
export { LanguageSelect } from './language/language-select';
export { SettingsPage } from './page/settings-page';
export { settingCommands } from './setting-commands';
export { runSettings, settings, SettingsModel, type RouteAnimationMode } from './settings-model';
export { useSettings } from './use-settings';
