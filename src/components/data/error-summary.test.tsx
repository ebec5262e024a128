import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';
import { ErrorSummary, type SummaryError } from './error-summary';

const TITLE: SummaryError = { fieldId: 'note-title', message: 'Enter a title' };
const YEAR: SummaryError = { fieldId: 'note-year', message: 'Enter a year between 1450 and 2026' };

// A form's part: Save counts a try (the summary's focus key); errors may arrive with it, later (the API's), or change
// as fields are fixed.
function Form({ onSave = [TITLE, YEAR] }: { onSave?: SummaryError[] }) {
  const [errors, setErrors] = useState<SummaryError[]>([]);
  const [tries, setTries] = useState(0);
  return (
    <main>
      <ErrorSummary errors={errors} focusKey={tries} />
      <label htmlFor="note-title">Title</label>
      <input id="note-title" />
      <label htmlFor="note-year">Year</label>
      <input id="note-year" />
      <button type="button" onClick={() => (setTries((count) => count + 1), setErrors(onSave))}>
        Save
      </button>
      <button type="button" onClick={() => setTries((count) => count + 1)}>
        Send
      </button>
      <button type="button" onClick={() => setErrors(onSave)}>
        Answer
      </button>
      <button type="button" onClick={() => setErrors((shown) => shown.slice(1))}>
        Fix one
      </button>
      <button type="button" onClick={() => setErrors([])}>
        Fix all
      </button>
    </main>
  );
}

const summary = () => screen.getByRole('alert');

describe('ErrorSummary', () => {
  it('shows nothing while there are no errors', async () => {
    await renderApp(<Form />);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('There is a problem')).toBeNull();
  });

  it('is an alert headed "There is a problem" with one link per error, in order, and takes focus', async () => {
    const { userEvent } = await renderApp(<Form />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(summary()).toHaveAccessibleName('There is a problem');
    expect(within(summary()).getByRole('heading', { level: 2, name: 'There is a problem' })).toBeVisible();
    const links = within(summary()).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([TITLE.message, YEAR.message]);
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['#note-title', '#note-year']);
    expect(summary()).toHaveFocus();
  });

  it('moves focus to the field a link names, without following the link', async () => {
    const { userEvent } = await renderApp(<Form />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const before = location.hash;
    await userEvent.click(within(summary()).getByRole('link', { name: YEAR.message }));
    expect(screen.getByLabelText('Year')).toHaveFocus();
    expect(location.hash).toBe(before);
    await userEvent.click(within(summary()).getByRole('link', { name: TITLE.message }));
    expect(screen.getByLabelText('Title')).toHaveFocus();
  });

  it('takes focus once per Save: errors that change as fields are fixed leave focus where it is', async () => {
    const { userEvent } = await renderApp(<Form />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const fixOne = screen.getByRole('button', { name: 'Fix one' });
    await userEvent.click(fixOne);
    expect(within(summary()).getAllByRole('link')).toHaveLength(1);
    expect(fixOne).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Fix all' }));
    expect(screen.queryByRole('alert')).toBeNull();
    // A field broken again before the next Save: the summary is back, focus is not moved.
    const breakAgain = screen.getByRole('button', { name: 'Answer' });
    await userEvent.click(breakAgain);
    expect(summary()).toBeVisible();
    expect(breakAgain).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(summary()).toHaveFocus();
  });

  it('takes focus when the errors of a Save arrive after it (the API’s answer)', async () => {
    const { userEvent } = await renderApp(<Form />);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Answer' }));
    expect(summary()).toHaveFocus();
  });
});
