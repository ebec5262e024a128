import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { SearchIcon } from '../../components/ui/svg-icons';
import { useT } from '../../i18n/use-t';

export type PaletteComponent = ComponentType<{ open: boolean; onOpenChange: (open: boolean) => void }>;

interface PaletteShortcut {
  keys: string;
  matches: (event: KeyboardEvent) => boolean;
}

// Not while typing in a field of the page; in the palette's own it closes the palette.
const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || target.matches('input:not([cmdk-input]),textarea'));

export function CommandPaletteButton({
  className,
  load,
  shortcut,
}: {
  className: string;
  load: () => Promise<PaletteComponent>;
  shortcut: PaletteShortcut;
}) {
  const t = useT();
  const [Palette] = useState(() => lazy(() => load().then((component) => ({ default: component }))));
  // Undefined until first wanted: the palette's code loads then.
  const [open, setOpen] = useState<boolean>();
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (shortcut.matches(event) && !typing(event.target)) {
        event.preventDefault();
        setOpen((wasOpen) => !wasOpen);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [shortcut]);
  return (
    <>
      <button
        type="button"
        className={className}
        aria-label={t('snxt.palette.open')}
        aria-keyshortcuts={shortcut.keys}
        onClick={() => setOpen(true)}
      >
        <SearchIcon />
      </button>
      {open !== undefined && (
        <Suspense fallback={null}>
          <Palette open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
