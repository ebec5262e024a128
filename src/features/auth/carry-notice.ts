import { CARRIED_NOTICE_KEY, tabStorage, type CarriedNoticeName } from './auth-notices';

// Its own module: only a sign-out loads it, so the first load does without.
export function carryNotice(name: CarriedNoticeName, storage = tabStorage()): boolean {
  try {
    const carried = storage?.getItem(CARRIED_NOTICE_KEY)?.split(' ') ?? [];
    storage?.setItem(CARRIED_NOTICE_KEY, [...new Set([...carried, name])].join(' '));
    return storage !== null;
  } catch {
    return false;
  }
}
