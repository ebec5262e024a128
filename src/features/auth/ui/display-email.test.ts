import { describe, expect, it } from 'vitest';
import { displayName } from './display-email';

describe('displayName', () => {
  it('shows the name, else the email, else the subject', () => {
    expect(displayName({ sub: 's', email: 'e@x.dev', name: 'Ada' })).toBe('Ada');
    expect(displayName({ sub: 's', email: 'e@x.dev', name: ' ' })).toBe('e@x.dev');
    expect(displayName({ sub: 's' })).toBe('s');
  });
});
