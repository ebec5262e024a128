import { useSignals } from '@preact/signals-react/runtime';
import { useHydrated } from '../../lib/use-hydrated';
import { settings } from './settings-model';
import { DEFAULT_SETTINGS, type SettingsState } from './settings-fields';

export function useSettings(): Readonly<SettingsState> {
  // The signals Babel transform reaches .tsx files only; this tracks the read for the component.
  useSignals();
  const live = settings().state.value;
  return useHydrated() ? live : DEFAULT_SETTINGS;
}
