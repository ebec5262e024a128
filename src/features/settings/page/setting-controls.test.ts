import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, SETTING_FIELDS, type SettingName } from '../settings-fields';
import { SETTING_CONTROLS } from './setting-controls';

const shown = Object.entries(SETTING_CONTROLS) as [SettingName, NonNullable<(typeof SETTING_CONTROLS)[SettingName]>][];
const isBooleanField = (name: SettingName) => typeof DEFAULT_SETTINGS[name] === 'boolean';

describe('the control table', () => {
  it('points conditions at boolean settings', () => {
    for (const [name, control] of shown) {
      if (control.shownWhen) expect(isBooleanField(control.shownWhen), `${name}.shownWhen`).toBe(true);
      if (control.kind === 'switch') {
        expect(isBooleanField(name), name).toBe(true);
        if (control.disabledWhen) expect(isBooleanField(control.disabledWhen.field), `${name}.disabledWhen`).toBe(true);
      }
    }
  });

  it('offers only valid values in selects', () => {
    for (const [name, control] of shown) {
      if (control.kind !== 'select') continue;
      for (const option of control.options) expect(SETTING_FIELDS[name].check(option.value).ok, name).toBe(true);
    }
  });
});
