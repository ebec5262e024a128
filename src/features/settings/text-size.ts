import type { TextSize } from '../../config/constants';

// The root font size every rem follows, set by the app's effect and the boot script; default: the browser's own.
const ROOT_FONT_SIZES: Record<TextSize, string> = { default: '', large: '112.5%', larger: '125%' };

export function showTextSize(root: HTMLElement, size: TextSize): void {
  root.style.fontSize = ROOT_FONT_SIZES[size];
}
