import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { settings } from '../settings-model';
import { renderApp } from '../../../test/render-app';
import { LanguageSelect } from './language-select';

describe('toolbar language selector', () => {
  it('is named "Language" and lists the codes in upper case', async () => {
    await renderApp(<LanguageSelect />);
    const select = screen.getByRole('combobox', { name: 'Language' });
    expect(select).toHaveValue('en');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'EN',
      'DE',
      'SK',
      'FR',
      'ES',
      'PT-BR',
      'ZH-CN',
      'HE',
    ]);
  });

  it('re-renders when the language signal changes outside React', async () => {
    await renderApp(<LanguageSelect />);
    act(() => {
      settings().change.language('he');
    });
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('he');
  });

  it('choosing a code calls the change-language action', async () => {
    const { userEvent } = await renderApp(<LanguageSelect />);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'PT-BR');
    expect(settings().state.value.language).toBe('pt-br');
  });
});
