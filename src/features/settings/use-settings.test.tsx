import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderSnapshotFirst, snapshotDone } from '../../lib/use-hydrated';
import { startTestState } from '../../test/test-state';
import { settings } from './settings-model';
import { useSettings } from './use-settings';

function Probe({ seen }: { seen: string[] }) {
  const { theme, language } = useSettings();
  seen.push(`${theme} ${language}`);
  return <p>{`${theme} ${language}`}</p>;
}

const STORED = { 'snxt-SETTINGS': { theme: 'BLACK-THEME', language: 'de' } };

describe('useSettings', () => {
  afterEach(() => snapshotDone());

  it('renders the settings as prerendered (the defaults) while hydrating, then the live ones', async () => {
    startTestState({ stored: STORED });
    renderSnapshotFirst();
    const seen: string[] = [];
    render(<Probe seen={seen} />);
    expect(await screen.findByText('BLACK-THEME de')).toBeInTheDocument();
    expect(seen[0]).toBe('DEFAULT-THEME en');
  });

  it('renders the live settings at once when nothing was prerendered, and follows them', () => {
    startTestState({ stored: STORED });
    const seen: string[] = [];
    render(<Probe seen={seen} />);
    expect(seen[0]).toBe('BLACK-THEME de');
    act(() => void settings().change.theme('NATURE-THEME'));
    expect(screen.getByText('NATURE-THEME de')).toBeInTheDocument();
  });
});
