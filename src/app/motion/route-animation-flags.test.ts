import { describe, expect, it } from 'vitest';
import { routeAnimationFlags } from './route-animation-flags';

describe('route animation flags', () => {
  it.each([
    ['ALL', { page: true, elements: true }],
    ['PAGE', { page: true, elements: false }],
    ['ELEMENTS', { page: false, elements: true }],
    ['NONE', { page: false, elements: false }],
  ] as const)('mode %s plays %j', (mode, flags) => {
    expect(routeAnimationFlags(mode, false)).toEqual(flags);
  });

  it.each(['ALL', 'PAGE', 'ELEMENTS', 'NONE'] as const)('reduced motion turns %s off entirely', (mode) => {
    expect(routeAnimationFlags(mode, true)).toEqual({ page: false, elements: false });
  });
});
