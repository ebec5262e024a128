import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createMemoryStorage, type AppStorage } from '../../lib/storage';
import { runConsent } from './consent';
import { ConsentModel } from './consent-model';
import { renderApp } from '../../test/render-app';
import { ConsentBanner } from './consent-banner';

let storage: AppStorage;
let model: ConsentModel;

beforeEach(({ onTestFinished }) => {
  storage = createMemoryStorage();
  model = new ConsentModel({ storage });
  onTestFinished(runConsent(model));
});

const stored = () => JSON.parse(storage.getItem('snxt-CONSENT') ?? 'null') as { analytics?: string } | null;

function renderBanner() {
  return renderApp(
    <>
      <main id="main-content" tabIndex={-1}>
        <button type="button">On the page</button>
      </main>
      <ConsentBanner />
    </>,
    { storage },
  );
}

describe('ConsentBanner', () => {
  it('is a "Privacy choices" region with the text and two buttons, and leaves focus where it is', async () => {
    await renderBanner();
    const region = await screen.findByRole('region', { name: 'Privacy choices' });
    expect(region).toHaveTextContent('This app uses analytics cookies to learn how it is used.');
    const accept = screen.getByRole('button', { name: 'Accept analytics' });
    const reject = screen.getByRole('button', { name: 'Reject analytics' });
    expect(accept.className).toBe(reject.className);
    expect(document.activeElement).toBe(document.body);
  });

  it.each([
    ['Accept analytics', 'granted'],
    ['Reject analytics', 'denied'],
  ])('"%s" stores "%s", goes away and hands focus to the page', async (name, choice) => {
    const { userEvent } = await renderBanner();
    await userEvent.click(await screen.findByRole('button', { name }));
    expect(stored()?.analytics).toBe(choice);
    expect(screen.queryByRole('region', { name: 'Privacy choices' })).toBeNull();
    expect(document.activeElement).toBe(document.getElementById('main-content'));
  });

  it('goes away once a choice exists, made anywhere', async () => {
    await renderBanner();
    await screen.findByRole('region', { name: 'Privacy choices' });
    act(() => void model.choose('denied'));
    expect(screen.queryByRole('region', { name: 'Privacy choices' })).toBeNull();
  });
});
