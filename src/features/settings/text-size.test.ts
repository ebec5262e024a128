import { describe, expect, it } from 'vitest';
import { TEXT_SIZE_CHOICES } from '../../config/constants';
import { showTextSize } from './text-size';

describe('showTextSize', () => {
  it.each([
    ['default', ''],
    ['large', '112.5%'],
    ['larger', '125%'],
  ] as const)('%s sets the root font size to %j (empty: the browser’s own, 100%%)', (size, fontSize) => {
    const root = document.createElement('html');
    root.style.fontSize = '40px';
    showTextSize(root, size);
    expect(root.style.fontSize).toBe(fontSize);
  });

  it('has a rule for every choice of the setting', () => {
    const root = document.createElement('html');
    for (const size of TEXT_SIZE_CHOICES) {
      root.style.fontSize = 'initial';
      showTextSize(root, size);
      expect(root.style.fontSize, size).not.toBe('initial');
    }
  });
});
