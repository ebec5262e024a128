import { beforeEach, describe, expect, it } from 'vitest';
import { captureReports } from '../test/capture-reports';
import { InvalidActionError } from './define-action';
import { createSettingsState } from './settings';
import { DEFAULT_SETTINGS } from './settings-model';

let reporter: ReturnType<typeof captureReports>;
beforeEach(() => {
  reporter = captureReports();
});

describe('settings actions', () => {
  it('each action merges its value into the state', () => {
    const settings = createSettingsState();
    settings.changeLanguage('he');
    settings.changeTheme('NATURE-THEME');
    settings.changeAutoNightMode(true);
    settings.changeNightTheme('LIGHT-THEME');
    settings.changeStickyHeader(false);
    settings.changePageAnimations(false);
    settings.changeElementsAnimations(false);
    settings.changeHour(22);
    expect(settings.state.value).toEqual({
      language: 'he',
      theme: 'NATURE-THEME',
      autoNightMode: true,
      nightTheme: 'LIGHT-THEME',
      stickyHeader: false,
      pageAnimations: false,
      pageAnimationsDisabled: false,
      elementsAnimations: false,
      hour: 22,
    });
    expect(reporter.error).not.toHaveBeenCalled();
  });

  it('page-animations-disabled also forces page animations off', () => {
    const settings = createSettingsState();
    settings.changePageAnimationsDisabled(true);
    expect(settings.state.value).toMatchObject({ pageAnimationsDisabled: true, pageAnimations: false });
    expect(settings.routeAnimationMode.value).toBe('ELEMENTS');
  });

  it.each([
    ['changeLanguage', 'xx'],
    ['changeTheme', 'dark'],
    ['changeNightTheme', 'black-theme'],
    ['changeAutoNightMode', 'true'],
    ['changeStickyHeader', 1],
    ['changePageAnimations', null],
    ['changePageAnimationsDisabled', undefined],
    ['changeElementsAnimations', 'no'],
    ['changeHour', 24],
    ['changeHour', 7.5],
    ['changeHour', -1],
  ] as const)('%s(%j) is rejected, reported, and changes nothing', (action, value) => {
    const settings = createSettingsState();
    const before = settings.state.value;
    const apply = settings[action] as (payload: unknown) => boolean;
    expect(apply(value)).toBe(false);
    expect(settings.state.value).toBe(before);
    expect(reporter.error).toHaveBeenCalledWith(expect.any(InvalidActionError), 'Invalid action');
  });

  it('derives the effective theme and follows the hour', () => {
    const settings = createSettingsState({ theme: 'LIGHT-THEME', autoNightMode: true });
    settings.changeHour(20);
    expect(settings.effectiveTheme.value).toBe('light-theme');
    settings.changeHour(21);
    expect(settings.effectiveTheme.value).toBe('black-theme');
  });

  it('reset reloads the state from what storage holds, with the same per-field fallback', () => {
    const settings = createSettingsState({ theme: 'LIGHT-THEME' });
    settings.reset({ theme: 'BLACK-THEME', language: 'nope' });
    expect(settings.state.value).toEqual({ ...DEFAULT_SETTINGS, theme: 'BLACK-THEME' });
  });

  it('starts from stored settings', () => {
    const settings = createSettingsState({ language: 'de', stickyHeader: false });
    expect(settings.state.value).toMatchObject({ language: 'de', stickyHeader: false, theme: 'DEFAULT-THEME' });
  });
});
