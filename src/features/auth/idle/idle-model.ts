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
  // The last activity on the tabs' wall clock (clamped to now) and on this tab's steady one, which no clock moves.
  let activeAt = 0;
  let activeSteady = 0;
  let writtenSteady = -Infinity;
  let timer: Timer;
  let pendingWrite: Timer;
  let over = false;
  let leading = false;

  const idleMs = () => Math.max(Date.now() - activeAt, performance.now() - activeSteady);

  function activeNow() {
    activeAt = Date.now();
    activeSteady = performance.now();
  }

  function sync() {
    const now = Date.now();
    const steady = performance.now();
    activeAt = Math.min(activeAt, now - (steady - activeSteady));
    activeSteady = steady - (now - activeAt);
    const record = readIdleRecord(storage);
    if (!record || record.endedAt) return;
    if (record.activeAt > now) writeIdleRecord(storage, { activeAt });
    else if (record.activeAt > activeAt) {
      activeAt = record.activeAt;
      activeSteady = steady - (now - activeAt);
    }
  }

  function write() {
    if (over || readIdleRecord(storage)?.endedAt) return;
    writtenSteady = performance.now();
    sync();
    writeIdleRecord(storage, { activeAt });
  }

  function limitPassed(): boolean {
    if (idleMs() < limitMs) return false;
    sync();
    return idleMs() >= limitMs;
  }

  function check() {
    clearTimeout(timer);
    if (over) return;
    sync();
    const left = limitMs - idleMs();
    if (left <= 0) return void lead();
    const warning = left <= warnBeforeMs;
    deadline.value = warning ? activeAt + limitMs : null;
    timer = setTimeout(check, warning ? left : left - warnBeforeMs);
  }

  // One tab signs every tab out; the lock is held a moment so a tab waiting for it reads the sign-out, not old storage.
  async function lead() {
    if (leading) return;
    leading = true;
    await withLock(SIGN_OUT_LOCK, async () => {
      leading = false;
      if (over || readIdleRecord(storage)?.endedAt) return;
      if (!limitPassed()) return check();
      over = true;
      clearTimeout(timer);
      writeIdleRecord(storage, { activeAt, endedAt: Date.now() });
      expire();
      await new Promise((resolve) => setTimeout(resolve, IDLE_SIGN_OUT.handOverMs));
    });
  }

  // Past the limit (timers held while a laptop slept) it signs out; during the warning only its buttons answer it.
  function onActivity() {
    if (over) return;
    if (limitPassed()) return void lead();
    if (deadline.peek() !== null) return;
    activeNow();
    const sinceWrite = activeSteady - writtenSteady;
    if (sinceWrite >= IDLE_SIGN_OUT.activityWriteEveryMs) write();
    else
      pendingWrite ??= setTimeout(() => {
        pendingWrite = undefined;
        write();
      }, IDLE_SIGN_OUT.activityWriteEveryMs - sinceWrite);
  }

  const onVisible = () => document.visibilityState === 'visible' && check();

  effect(() => {
    activeNow();
    const record = readIdleRecord(storage);
    if (!fresh && record && !record.endedAt && record.activeAt <= activeAt) {
      activeSteady -= activeAt - record.activeAt;
      activeAt = record.activeAt;
    } else {
      writtenSteady = activeSteady;
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
      if (limitPassed()) return void lead();
      activeNow();
      write();
      check();
    }),
  };
});

export type IdleModel = InstanceType<typeof IdleModel>;

const running = /* @__PURE__ */ runningSlot<IdleModel>('The idle sign-out');
export const runIdle = running.run;
export const runningIdle = running.current;
