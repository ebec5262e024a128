// Clicks on buttons (Enter and Space click too) and select changes before the app runs: kept, then replayed once.
type KeptInput = [type: string, control: Element, value: string];

const TAKE = 'snxtTakeInput';
const KEPT_TYPES = ['click', 'change'];
// Kept from React until it runs; a select's `input`, not replayed, would make it hydrate at once and reset the choice.
const HELD_TYPES = [...KEPT_TYPES, 'input'];
const INPUT_MARK = 'snxt:input';

interface InputWindow {
  [TAKE]?: () => KeptInput[];
}

let takingInput = false;
const afterInput: (() => void)[] = [];

export const pathHere = (): string => location.pathname.replace(/\/+$/, '') || '/';

export function keepEarlyInput(): void {
  const kept: KeptInput[] = [];
  const keep = (event: Event) => {
    const target = event.target as Element;
    const control = event.type === 'click' ? target.closest?.('button') : target;
    if (!control) return;
    event.stopImmediatePropagation();
    if (KEPT_TYPES.includes(event.type)) kept.push([event.type, control, (control as HTMLSelectElement).value]);
  };
  for (const type of HELD_TYPES) document.addEventListener(type, keep, true);
  (window as InputWindow)[TAKE] = () => {
    for (const type of HELD_TYPES) document.removeEventListener(type, keep, true);
    return kept.splice(0);
  };
}

export function replayEarlyInput(pagePath: string | null): void {
  const kept = (window as InputWindow)[TAKE]?.() ?? [];
  for (const [type, control, value] of kept) {
    if (!control.isConnected || pathHere() !== pagePath) continue;
    if (type === 'click') (control as HTMLElement).click();
    else {
      (control as HTMLSelectElement).value = value;
      control.dispatchEvent(new Event(type, { bubbles: true }));
    }
  }
  performance.mark(INPUT_MARK);
  takingInput = true;
  afterInput.splice(0).forEach((task) => task());
}

export function whenTakingInput(task: () => void): void {
  if (takingInput) task();
  else afterInput.push(task);
}
