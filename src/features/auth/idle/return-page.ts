import { tabStorage } from '../auth-notices';
import { safeReturnPath } from '../session/return-path';

// sessionStorage, like the carried notice: the page this tab showed when it was signed out for inactivity.
const RETURN_PAGE_KEY = 'snxt:auth-return';
const SIGNED_OUT_PATH = '/';

export function keepReturnPage(path: string): void {
  try {
    tabStorage()?.setItem(RETURN_PAGE_KEY, path);
  } catch {
    // Not kept: Login returns to where it is pressed.
  }
}

function keptPage(): string | null {
  try {
    return tabStorage()?.getItem(RETURN_PAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

export function forgetReturnPage(): void {
  try {
    tabStorage()?.removeItem(RETURN_PAGE_KEY);
  } catch {
    // Nothing to forget.
  }
}

// After an idle sign-out here no sign-in starts by itself, and Login where it left the visitor returns to their page.
export function signInAfterIdleSignOut(origin: string) {
  return {
    automatic: keptPage() === null,
    returnTo(path: string): string {
      const kept = keptPage();
      forgetReturnPage();
      return kept !== null && path === SIGNED_OUT_PATH ? safeReturnPath(kept, origin) : path;
    },
  };
}
