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

  it('finds a language by its English name and by its name in the language on screen', () => {
    settings().change.language('de');
    expect(byId('language.fr')).toMatchObject({ label: { text: 'Français', lang: 'fr-FR' } });
    expect(byId('language.fr').keywords).toEqual(['French', 'Französisch']);
  });

  it('does not offer page animations where the browser cannot play them', () => {
    settings().change.pageAnimationsDisabled(true);
    expect(commands().map((command) => command.id)).not.toContain('pageAnimations.toggle');
  });
});
