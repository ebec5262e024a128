import { beforeEach, describe, expect, it } from 'vitest';
import { settings } from './settings-model';
import { createTestRouter } from '../../test/render-app';
import { startTestState } from '../../test/test-state';
import { settingCommands } from './setting-commands';

const context = { router: createTestRouter() };
const commands = () => settingCommands(context);
const byId = (id: string) => commands().find((command) => command.id === id)!;

describe('settingCommands', () => {
  beforeEach(() => {
    startTestState();
  });

  it('offers the rows with a command hint: each theme, each language, the preferences', () => {
    const group = (name: string) => commands().filter((command) => command.group === name);
    expect(group('theme').map((command) => command.labelKey)).toEqual([
      'snxt.settings.themes.default',
      'snxt.settings.themes.light',
      'snxt.settings.themes.nature',
      'snxt.settings.themes.black',
      'snxt.settings.autoNightMode.turnOn',
    ]);
    expect(group('language').map((command) => command.label?.text)).toEqual([
      'English',
      'Deutsch',
      'Slovenčina',
      'Français',
      'Español',
      'Português (Brasil)',
      '简体中文',
      'עברית',
    ]);
    // A setting added with `npm run new -- setting` joins them.
    expect(group('preferences').map((command) => command.labelKey)).toEqual(
      expect.arrayContaining([
        'snxt.settings.stickyHeader.turnOff',
        'snxt.settings.animations.page.turnOff',
        'snxt.settings.animations.elements.turnOff',
      ]),
    );
  });

  it('says "Turn on" for a preference that is off, and runs by changing the setting', () => {
    byId('stickyHeader.toggle').run();
    expect(settings().state.value.stickyHeader).toBe(false);
    expect(byId('stickyHeader.toggle').labelKey).toBe('snxt.settings.stickyHeader.turnOn');
    byId('stickyHeader.toggle').run();
    expect(settings().state.value.stickyHeader).toBe(true);
  });

  it('sets a theme or a language', () => {
    byId('theme.BLACK-THEME').run();
    byId('language.de').run();
    expect(settings().state.value).toMatchObject({ theme: 'BLACK-THEME', language: 'de' });
  });

  it('finds a language by its English name, its name in the language on screen and its code', () => {
    settings().change.language('de');
    expect(byId('language.fr')).toMatchObject({ label: { text: 'Français', lang: 'fr-FR' } });
    expect(byId('language.fr').keywords).toEqual(['French', 'Französisch', 'FR']);
    expect(byId('language.pt-br').keywords).toEqual(['Brazilian Portuguese', 'Portugiesisch (Brasilien)', 'PT-BR']);
  });

  it('gives the themes and auto night mode words to be found by ("dark" for Black and night mode)', () => {
    expect(byId('theme.BLACK-THEME').keywordsKey).toBe('snxt.settings.themes.black.keywords');
    expect(byId('theme.LIGHT-THEME').keywordsKey).toBe('snxt.settings.themes.light.keywords');
    expect(byId('autoNightMode.toggle')).toMatchObject({
      group: 'theme',
      labelKey: 'snxt.settings.autoNightMode.turnOn',
      keywordsKey: 'snxt.settings.autoNightMode.keywords',
    });
  });

  it('marks the theme and the language chosen now as current, and only them', () => {
    const current = () =>
      commands()
        .filter((command) => command.current)
        .map((command) => command.id);
    expect(current()).toEqual(expect.arrayContaining(['theme.DEFAULT-THEME', 'language.en']));
    byId('theme.NATURE-THEME').run();
    settings().change.language('he');
    expect(current()).toEqual(expect.arrayContaining(['theme.NATURE-THEME', 'language.he']));
    expect(current()).not.toContain('theme.DEFAULT-THEME');
    expect(current()).not.toContain('language.en');
    expect(commands().filter((command) => command.group === 'theme' && command.current)).toHaveLength(1);
    expect(commands().filter((command) => command.group === 'language' && command.current)).toHaveLength(1);
  });

  it('offers each text size as "Text size: …" among the preferences, the one chosen now marked', () => {
    const sizes = () => commands().filter((command) => command.id.startsWith('textSize.'));
    expect(sizes().map(({ group, labelKey, labelArgs, current }) => ({ group, labelKey, labelArgs, current }))).toEqual(
      ['default', 'large', 'larger'].map((size) => ({
        group: 'preferences',
        labelKey: 'snxt.palette.choice',
        labelArgs: { setting: 'snxt.settings.textSize', option: `snxt.settings.textSize.${size}` },
        current: size === 'default',
      })),
    );
    byId('textSize.larger').run();
    expect(settings().state.value.textSize).toBe('larger');
    expect(
      sizes()
        .filter((command) => command.current)
        .map((command) => command.id),
    ).toEqual(['textSize.larger']);
  });

  it('does not offer page animations where the browser cannot play them', () => {
    settings().change.pageAnimationsDisabled(true);
    expect(commands().map((command) => command.id)).not.toContain('pageAnimations.toggle');
  });
});
