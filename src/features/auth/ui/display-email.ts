import type { UserProfile } from '../auth-model';

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

export function displayName(user: UserProfile): string {
  return text(user.name) ?? text(user.email) ?? user.sub;
}

export function displayEmail(user: UserProfile): string | undefined {
  return text(user.email);
}
