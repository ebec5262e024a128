import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { preloadTooltips } from '../../../components/ui/tooltip';
import { settings } from '../settings-model';
import { renderApp } from '../../../test/render-app';
import { SettingsPage } from './settings-page';

// The Radix tooltip module is loaded on demand in the app; load it up front here.
beforeAll(() => preloadTooltips());

const renderPage = (options?: Parameters<typeof renderApp>[1]) => renderApp(<SettingsPage />, options);

function mockReducedMotion(reduce: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query) =>
      ({
        matches: reduce && query.includes('prefers-reduced-motion'),
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList,
  );
}

describe('SettingsPage', () => {
  it('has the three titled sections and every control under its documented name', async () => {
    await renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    for (const title of ['General', 'Themes', 'Animations']) {
      expect(screen.getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    }
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('en');
    expect(screen.getByRole('combobox', { name: 'Theme' })).toHaveValue('DEFAULT-THEME');
    for (const name of ['Sticky header', 'Auto night mode', 'Page animations', 'Elements animations']) {
      expect(screen.getByRole('switch', { name })).toBeInTheDocument();
    }
  });

  it("puts each section's switches in a group named by its heading", async () => {
    await renderPage();
    const sections = {
      General: ['Sticky header'],
      Themes: ['Auto night mode'],
      Animations: ['Page animations', 'Elements animations'],
    };
    for (const [heading, switches] of Object.entries(sections)) {
      const group = within(screen.getByRole('group', { name: heading }));
      for (const name of switches) expect(group.getByRole('switch', { name })).toBeInTheDocument();
      const elsewhere = Object.values(sections)
        .flat()
        .filter((name) => !switches.includes(name));
      for (const name of elsewhere) expect(group.queryByRole('switch', { name })).not.toBeInTheDocument();
    }
  });

  it('lists languages by their own names and themes by their English labels', async () => {
    await renderPage();
    const languages = within(screen.getByRole('combobox', { name: 'Language' })).getAllByRole('option');
    expect(languages.map((option) => option.textContent)).toContain('Deutsch');
    expect(languages.map((option) => option.textContent)).toContain('עברית');
    const themes = within(screen.getByRole('combobox', { name: 'Theme' })).getAllByRole('option');
    expect(themes.map((option) => option.textContent)).toEqual(['Default', 'Light', 'Nature', 'Black']);
  });

  it('offers Text size in General: Default, Large, Larger', async () => {
    const { userEvent } = await renderPage();
    const textSize = within(screen.getByRole('group', { name: 'General' })).getByRole('combobox', {
      name: 'Text size',
    });
    expect(textSize).toHaveValue('default');
    const options = within(textSize).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Default', 'Large', 'Larger']);
    await userEvent.selectOptions(textSize, 'Larger');
    expect(settings().state.value.textSize).toBe('larger');
    expect(textSize).toHaveValue('larger');
  });

  it('names Text size and its options in the language on screen', async () => {
    await renderPage({ stored: { 'snxt-SETTINGS': { language: 'fr' } } });
    const textSize = await screen.findByRole('combobox', { name: 'Taille du texte' });
    expect(
      within(textSize)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Par défaut', 'Grande', 'Plus grande']);
  });

  it('changes the settings through their actions', async () => {
    const { userEvent } = await renderPage();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Theme' }), 'Nature');
    await userEvent.click(screen.getByRole('switch', { name: 'Sticky header' }));
    await userEvent.click(screen.getByRole('switch', { name: 'Elements animations' }));
    expect(settings().state.value).toMatchObject({
      theme: 'NATURE-THEME',
      stickyHeader: false,
      elementsAnimations: false,
    });
    expect(screen.getByRole('switch', { name: 'Sticky header' })).toHaveAttribute('aria-checked', 'false');
  });

  it('shows the night mode controls only with auto night mode on', async () => {
    const { userEvent } = await renderPage();
    expect(screen.queryByRole('combobox', { name: 'At night, use' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Night mode follows' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('switch', { name: 'Auto night mode' }));
    const source = screen.getByRole('combobox', { name: 'Night mode follows' });
    expect(
      within(source)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Time of day', 'Device setting']);
    await userEvent.selectOptions(source, 'Device setting');
    expect(settings().state.value.nightModeSource).toBe('system');
    const night = screen.getByRole('combobox', { name: 'At night, use' });
    expect(night).toHaveValue('BLACK-THEME');
    await userEvent.selectOptions(night, 'Light');
    expect(settings().state.value.nightTheme).toBe('LIGHT-THEME');
  });

  it('operates the switches from the keyboard', async () => {
    const { userEvent } = await renderPage();
    const sticky = screen.getByRole('switch', { name: 'Sticky header' });
    sticky.focus();
    await userEvent.keyboard(' ');
    expect(settings().state.value.stickyHeader).toBe(false);
    await userEvent.keyboard('{Enter}');
    expect(settings().state.value.stickyHeader).toBe(true);
  });

  it('keeps the page switch off and explains why when page animations are disabled', async () => {
    const { userEvent } = await renderPage({ stored: { 'snxt-SETTINGS': { pageAnimationsDisabled: true } } });
    const page = screen.getByRole('switch', { name: 'Page animations' });
    expect(page).toHaveAttribute('aria-disabled', 'true');
    expect(page).toHaveAttribute('aria-checked', 'false');
    expect(page).toHaveAccessibleDescription(/turned off in this browser/);
    await userEvent.hover(page);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(/turned off in this browser/);
    await userEvent.click(page);
    page.focus();
    await userEvent.keyboard(' ');
    expect(settings().state.value.pageAnimations).toBe(false);
    expect(page).toHaveAttribute('aria-checked', 'false');
  });

  it('says when the system asks for reduced motion', async () => {
    mockReducedMotion(true);
    await renderPage();
    expect(screen.getByRole('note')).toHaveTextContent('reduced motion');
  });

  it('says nothing about reduced motion otherwise', async () => {
    mockReducedMotion(false);
    await renderPage();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });
});
