import type { TextSize } from '../../config/constants';

// The root font size, which every rem (all of Tailwind's sizes and spacing) follows: the app's effect and the boot
// script (before the first paint) both set it here. Default leaves the browser's own, which the visitor may have set.
const ROOT_FONT_SIZES: Record<TextSize, string> = { default: '', large: '112.5%', larger: '125%' };

export function showTextSize(root: HTMLElement, size: TextSize): void {
  root.style.fontSize = ROOT_FONT_SIZES[size];
}
