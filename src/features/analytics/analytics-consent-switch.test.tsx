import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createMemoryStorage, type AppStorage } from '../../lib/storage';
import { runConsent } from './consent';
import { ConsentModel } from './consent-model';
import { renderApp } from '../../test/render-app';
import { AnalyticsConsentSwitch } from './analytics-consent-switch';

let storage: AppStorage;

beforeEach(({ onTestFinished }) => {
  storage = createMemoryStorage();
  onTestFinished(runConsent(new ConsentModel({ storage })));
});

const stored = () => JSON.parse(storage.getItem('snxt-CONSENT') ?? 'null') as { analytics?: string } | null;

describe('AnalyticsConsentSwitch', () => {
  it('is off without a choice, and turns analytics on and off again', async () => {
    const { userEvent } = await renderApp(<AnalyticsConsentSwitch />, { storage });
    const toggle = await screen.findByRole('switch', { name: 'Analytics cookies' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(stored()?.analytics).toBe('granted');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(stored()?.analytics).toBe('denied');
  });
});
