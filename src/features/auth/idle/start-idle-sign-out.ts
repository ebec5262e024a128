import { computed, effect, untracked } from '@preact/signals-react';
import { reportNotice } from '../../../lib/notice-bus';
import { appStorage } from '../../../lib/storage';
import { auth } from '../auth-model';
import { carryNotice } from '../carry-notice';
import { IDLE_NOTICES } from './idle-notices';
import { currentPath } from '../session/callback-url';
import { logout } from '../sign-in';
import { IdleModel, runIdle } from './idle-model';
import { forgetReturnPage, keepReturnPage } from './return-page';

export function startIdleSignOut(minutes: number): () => void {
  const signedIn = computed(() => auth().state.value.isAuthenticated);
  let started = false;
  return effect(() => {
    const fresh = started;
    started = true;
    if (!signedIn.value) return undefined;
    return untracked(() => {
      if (fresh) forgetReturnPage();
      return runIdle(
        new IdleModel({
          limitMs: minutes * 60_000,
          storage: appStorage(),
          fresh,
          // The provider's page comes next: the notice waits for the way back.
          expire: () => {
            keepReturnPage(currentPath(window.location));
            if (!carryNotice('signedOutInactive')) reportNotice(IDLE_NOTICES.signedOutInactive);
            logout();
          },
          endedElsewhere: () => {
            keepReturnPage(currentPath(window.location));
            reportNotice(IDLE_NOTICES.signedOutInactive);
            auth().sessionEnded();
          },
        }),
      );
    });
  });
}
