import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InvalidActionError } from './define-action';
import { createSettingsState } from './settings';
import { DEFAULT_SETTINGS, isNightHour } from './settings-model';

describe('settings state', () => {
  let consoleError: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => consoleError.mockRestore());

  it('starts with the defaults of SPEC §5', () => {
    expect(createSettingsState().state.value).toEqual({
      language: 'en',
      theme: 'DEFAULT-THEME',
      autoNightMode: false,
      nightTheme: 'BLACK-THEME',
      stickyHeader: true,
      pageAnimations: true,
      pageAnimationsDisabled: false,
      elementsAnimations: true,
      hour: 0,
    });
  });

  it.each([
    [true, true, 'ALL'],
    [true, false, 'PAGE'],
    [false, true, 'ELEMENTS'],
    [false, false, 'NONE'],
  ] as const)('page %s + elements %s → route animation mode %s', (page, elements, mode) => {
    const settings = createSettingsState();
    settings.changePageAnimations(page);
    settings.changeElementsAnimations(elements);
    expect(settings.routeAnimationMode.value).toBe(mode);
  });

  it('page-animations-disabled forces page animations off', () => {
    const settings = createSettingsState();
    expect(settings.changePageAnimationsDisabled(true)).toBe(true);
    expect(settings.state.value).toMatchObject({ pageAnimationsDisabled: true, pageAnimations: false });
    expect(settings.routeAnimationMode.value).toBe('ELEMENTS');
  });

  it.each([
    [20, false],
    [21, true],
    [23, true],
    [0, true],
    [7, true],
    [8, false],
    [12, false],
  ])('hour %i is night: %s', (hour, night) => {
    expect(isNightHour(hour)).toBe(night);
    const settings = createSettingsState({ autoNightMode: true, theme: 'NATURE-THEME', nightTheme: 'LIGHT-THEME' });
    settings.changeHour(hour);
    expect(settings.effectiveTheme.value).toBe(night ? 'light-theme' : 'nature-theme');
  });

  it('ignores the hour without auto night mode', () => {
    const settings = createSettingsState({ theme: 'NATURE-THEME', hour: 23 });
    expect(settings.effectiveTheme.value).toBe('nature-theme');
  });

  it.each([
    ['changeLanguage', 'xx'],
    ['changeLanguage', 'EN'],
    ['changeTheme', 'dark-theme'],
    ['changeTheme', 'black-theme'],
    ['changeNightTheme', null],
    ['changeAutoNightMode', 'true'],
    ['changeStickyHeader', 1],
    ['changePageAnimations', undefined],
    ['changePageAnimationsDisabled', 'yes'],
    ['changeElementsAnimations', {}],
    ['changeHour', 24],
    ['changeHour', -1],
    ['changeHour', 7.5],
    ['changeHour', '7'],
  ] as const)('%s(%j) is rejected with an error and changes nothing', (action, value) => {
    const settings = createSettingsState({ theme: 'LIGHT-THEME', hour: 5 });
    const before = settings.state.value;
    const apply = settings[action] as (payload: unknown) => boolean;
    expect(apply(value)).toBe(false);
    expect(settings.state.value).toBe(before);
    expect(consoleError).toHaveBeenCalledWith('Invalid action:', expect.any(InvalidActionError));
  });

  it('each change merges its one value and keeps the rest', () => {
    const settings = createSettingsState();
    settings.changeTheme('NATURE-THEME');
    settings.changeLanguage('he');
    settings.changeNightTheme('LIGHT-THEME');
    settings.changeAutoNightMode(true);
    settings.changeStickyHeader(false);
    expect(settings.state.value).toEqual({
      ...DEFAULT_SETTINGS,
      theme: 'NATURE-THEME',
      language: 'he',
      nightTheme: 'LIGHT-THEME',
      autoNightMode: true,
      stickyHeader: false,
    });
  });

  it('reset reloads from a stored value and falls back to defaults for bad parts', () => {
    const settings = createSettingsState({ theme: 'LIGHT-THEME' });
    settings.reset({ theme: 'BLACK-THEME', language: 'nope', stickyHeader: false });
    expect(settings.state.value).toEqual({ ...DEFAULT_SETTINGS, theme: 'BLACK-THEME', stickyHeader: false });
    settings.reset(undefined);
    expect(settings.state.value).toEqual(DEFAULT_SETTINGS);
  });
});
