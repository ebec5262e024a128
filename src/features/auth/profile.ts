import type { UserProfile } from '../../state/auth-model';

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

/** What the toolbar shows for the user: the name, else the email, else the subject id. */
export function displayName(user: UserProfile): string {
  return text(user.name) ?? text(user.email) ?? user.sub;
}

export function displayEmail(user: UserProfile): string | undefined {
  return text(user.email);
}
