import { createModel, effect, signal, type ReadonlySignal } from '@preact/signals-react';
import { IDLE_SIGN_OUT } from '../../../config/constants';
import { noPayload } from '../../../lib/checks';
import { defineAction } from '../../../lib/model-kit';
import { runningSlot } from '../../../lib/running-slot';
import type { AppStorage } from '../../../lib/storage';
import { onOtherTabChange } from '../../../lib/storage-events';
import { withLock } from '../../../lib/with-lock';
import { IDLE_KEY, idleRecordOf, readIdleRecord, writeIdleRecord } from './idle-clock';

const ACTIVITY_EVENTS = ['keydown', 'pointerdown', 'scroll', 'touchstart'] as const;
const SIGN_OUT_LOCK = 'snxt-idle-sign-out';
const LISTEN = { capture: true, passive: true } as const;

type Timer = ReturnType<typeof setTimeout> | undefined;

export interface IdleDeps {
  limitMs: number;
  storage: AppStorage;
  // A sign-in just now starts the clock; a session the app found keeps the stored one (which may have run out).
  fresh: boolean;
  expire: () => void;
  endedElsewhere: () => void;
}

export const IdleModel = createModel(({ limitMs, storage, fresh, expire, endedElsewhere }: IdleDeps) => {
  const warnBeforeMs = Math.min(IDLE_SIGN_OUT.warningMs, limitMs / 2);
  const deadline = signal<number | null>(null);
  let activeAt = 0;
  let writtenAt = -Infinity;
  let timer: Timer;
  let pendingWrite: Timer;
  let over = false;
  let leading = false;

  const storedActiveAt = () => {
    const record = readIdleRecord(storage);
    if (!record || record.endedAt) return 0;
    const now = Date.now();
    if (record.activeAt <= now) return record.activeAt;
    // A clock set ahead (the system time turned back, a hand-edited value) is now, and stays so: never time to come.
    writeIdleRecord(storage, { activeAt: now });
    return now;
  };

  function write(at: number) {
    if (over || readIdleRecord(storage)?.endedAt) return;
    writtenAt = Date.now();
    activeAt = Math.max(activeAt, at, storedActiveAt());
    writeIdleRecord(storage, { activeAt });
  }

  function check() {
    clearTimeout(timer);
    if (over) return;
    activeAt = Math.max(activeAt, storedActiveAt());
    const now = Date.now();
    const end = activeAt + limitMs;
    if (now >= end) return void lead();
    const warning = now >= end - warnBeforeMs;
    deadline.value = warning ? end : null;
    timer = setTimeout(check, (warning ? end : end - warnBeforeMs) - now);
  }

  // One tab signs every tab out; the lock is held a moment so a tab waiting for it reads the sign-out, not old storage.
  async function lead() {
    if (leading) return;
    leading = true;
    await withLock(SIGN_OUT_LOCK, async () => {
      leading = false;
      if (over || readIdleRecord(storage)?.endedAt) return;
      if (storedActiveAt() + limitMs > Date.now()) return check();
      over = true;
      writeIdleRecord(storage, { activeAt, endedAt: Date.now() });
      expire();
      await new Promise((resolve) => setTimeout(resolve, IDLE_SIGN_OUT.handOverMs));
    });
  }

  // While the warning shows here, only its buttons answer it: a key pressed to read it keeps it.
  function onActivity() {
    if (over || deadline.peek() !== null) return;
    const now = Date.now();
    activeAt = now;
    if (now - writtenAt >= IDLE_SIGN_OUT.activityWriteEveryMs) write(now);
    else
      pendingWrite ??= setTimeout(
        () => {
          pendingWrite = undefined;
          write(activeAt);
        },
        writtenAt + IDLE_SIGN_OUT.activityWriteEveryMs - now,
      );
  }

  const onVisible = () => document.visibilityState === 'visible' && check();

  effect(() => {
    const record = readIdleRecord(storage);
    if (fresh || !record || record.endedAt) {
      activeAt = writtenAt = Date.now();
      writeIdleRecord(storage, { activeAt });
    }
    check();
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, LISTEN);
    document.addEventListener('visibilitychange', onVisible);
    const stopFollowing = onOtherTabChange(storage, IDLE_KEY, (value) => {
      if (!idleRecordOf(value)?.endedAt) return check();
      if (over) return;
      over = true;
      clearTimeout(timer);
      endedElsewhere();
    });
    return () => {
      over = true;
      clearTimeout(timer);
      clearTimeout(pendingWrite);
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, LISTEN);
      document.removeEventListener('visibilitychange', onVisible);
      stopFollowing();
    };
  });

  return {
    deadline: deadline as ReadonlySignal<number | null>,
    stay: defineAction('[Idle] Stay Signed In', noPayload, () => {
      clearTimeout(pendingWrite);
      pendingWrite = undefined;
      write(Date.now());
      check();
    }),
  };
});

export type IdleModel = InstanceType<typeof IdleModel>;

const running = /* @__PURE__ */ runningSlot<IdleModel>('The idle sign-out');
export const runIdle = running.run;
export const runningIdle = running.current;
