import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryStorage, type AppStorage } from '../../../lib/storage';
import { locksTakenBy } from '../../../test/locks';
import { otherTabWrites } from '../../../test/other-tab';
import { IdleModel, type IdleDeps } from './idle-model';

const MINUTE = 60_000;
const START = Date.UTC(2026, 10, 27, 9, 0, 0);
let storage: AppStorage;
const models: IdleModel[] = [];

beforeEach(() => {
  vi.useFakeTimers({ now: START });
  storage = createMemoryStorage();
});
afterEach(() => {
  models.splice(0).forEach((model) => model[Symbol.dispose]());
  vi.useRealTimers();
});

function start(deps: Partial<IdleDeps> = {}) {
  const expire = vi.fn();
  const endedElsewhere = vi.fn();
  const model = new IdleModel({ limitMs: 10 * MINUTE, storage, fresh: true, expire, endedElsewhere, ...deps });
  models.push(model);
  return { model, expire: deps.expire ?? expire, endedElsewhere: deps.endedElsewhere ?? endedElsewhere };
}

const stored = () => JSON.parse(storage.getItem('snxt-IDLE') ?? 'null') as unknown;
const store = (value: unknown) => storage.setItem('snxt-IDLE', JSON.stringify(value));
const press = (type = 'keydown') => window.dispatchEvent(new Event(type));
const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);

describe('the idle clock', () => {
  it('starts at a sign-in and is kept in snxt-IDLE for every tab', () => {
    start();
    expect(stored()).toEqual({ activeAt: START });
  });

  it('warns two minutes before the limit and signs out at the limit', async () => {
    const { model, expire } = start();
    await advance(8 * MINUTE - 1);
    expect(model.deadline.value).toBeNull();
    await advance(1);
    expect(model.deadline.value).toBe(START + 10 * MINUTE);
    await advance(2 * MINUTE - 1);
    expect(expire).not.toHaveBeenCalled();
    await advance(1);
    expect(expire).toHaveBeenCalledOnce();
    expect(stored()).toEqual({ activeAt: START, endedAt: START + 10 * MINUTE });
  });

  it('warns at half the limit when that is shorter than two minutes', async () => {
    const { model } = start({ limitMs: 3 * MINUTE });
    await advance(1.5 * MINUTE - 1);
    expect(model.deadline.value).toBeNull();
    await advance(1);
    expect(model.deadline.value).toBe(START + 3 * MINUTE);
  });

  it.each(['keydown', 'pointerdown', 'scroll', 'touchstart'])('counts a %s as activity', async (type) => {
    const { model } = start();
    await advance(5 * MINUTE);
    press(type);
    await advance(5 * MINUTE);
    expect(model.deadline.value).toBeNull();
    await advance(3 * MINUTE);
    expect(model.deadline.value).toBe(START + 15 * MINUTE);
  });

  it('does not count a mouse move', async () => {
    const { model } = start();
    await advance(5 * MINUTE);
    press('pointermove');
    press('mousemove');
    await advance(3 * MINUTE);
    expect(model.deadline.value).not.toBeNull();
  });

  it('writes the shared clock at most every 5 seconds however much happens, and the last activity always', async () => {
    start();
    const setItem = vi.spyOn(storage, 'setItem');
    await advance(MINUTE);
    for (let event = 0; event < 200; event += 1) {
      press('scroll');
      await advance(50);
    }
    // 10 seconds of scrolling: the first event at once, then one write per 5 seconds.
    expect(setItem.mock.calls.filter(([key]) => key === 'snxt-IDLE')).toHaveLength(3);
    await advance(5_000);
    expect(stored()).toEqual({ activeAt: START + MINUTE + 199 * 50 });
  });

  it('follows activity in another tab: a later warning, and an open one closes', async () => {
    const { model } = start();
    await advance(7 * MINUTE);
    otherTabWrites(storage, 'snxt-IDLE', JSON.stringify({ activeAt: Date.now() }));
    await advance(2 * MINUTE);
    expect(model.deadline.value).toBeNull();
    await advance(6 * MINUTE);
    expect(model.deadline.value).toBe(START + 17 * MINUTE);
    otherTabWrites(storage, 'snxt-IDLE', JSON.stringify({ activeAt: Date.now() }));
    expect(model.deadline.value).toBeNull();
  });

  it('never goes back to an older time another tab wrote', async () => {
    start();
    await advance(MINUTE);
    press();
    otherTabWrites(storage, 'snxt-IDLE', JSON.stringify({ activeAt: START }));
    await advance(10_000);
    press();
    expect(stored()).toEqual({ activeAt: START + MINUTE + 10_000 });
  });

  it('keeps the warning on a key press or click in this tab: only its buttons answer it', async () => {
    const { model } = start();
    await advance(8 * MINUTE);
    press('keydown');
    press('pointerdown');
    await advance(10_000);
    expect(model.deadline.value).toBe(START + 10 * MINUTE);
    expect(stored()).toEqual({ activeAt: START });
  });

  it('Stay signed in starts the clock again at once, here and for every tab', async () => {
    const { model, expire } = start();
    await advance(9 * MINUTE);
    expect(model.stay()).toBe(true);
    expect(model.deadline.value).toBeNull();
    expect(stored()).toEqual({ activeAt: START + 9 * MINUTE });
    await advance(8 * MINUTE);
    expect(model.deadline.value).toBe(START + 19 * MINUTE);
    expect(expire).not.toHaveBeenCalled();
  });

  it('signs out under a lock shared by the tabs, once', async () => {
    const { expire } = start();
    const held = await locksTakenBy(() => advance(10 * MINUTE));
    expect(held).toEqual(['snxt-idle-sign-out']);
    await advance(10 * MINUTE);
    expect(expire).toHaveBeenCalledOnce();
  });

  it('leaves the sign-out to the tab that made it: another tab hears it and does not sign out again', async () => {
    const { expire, endedElsewhere } = start();
    await advance(9 * MINUTE);
    otherTabWrites(storage, 'snxt-IDLE', JSON.stringify({ activeAt: START, endedAt: Date.now() }));
    expect(endedElsewhere).toHaveBeenCalledOnce();
    await advance(5 * MINUTE);
    expect(expire).not.toHaveBeenCalled();
    expect(stored()).toEqual({ activeAt: START, endedAt: START + 9 * MINUTE });
  });

  it('does not sign out when another tab was active just before the limit', async () => {
    const { expire, model } = start();
    await advance(10 * MINUTE - 1_000);
    store({ activeAt: Date.now() });
    await advance(1_000);
    expect(expire).not.toHaveBeenCalled();
    expect(model.deadline.value).toBeNull();
  });

  it('checks again when the tab is shown, whose timers the browser may have held back', async () => {
    const { model } = start();
    vi.setSystemTime(START + 9 * MINUTE);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(model.deadline.value).toBe(START + 10 * MINUTE);
  });

  it('stops following everything once disposed', async () => {
    const { model, expire } = start();
    model[Symbol.dispose]();
    const setItem = vi.spyOn(storage, 'setItem');
    press();
    await advance(20 * MINUTE);
    expect(expire).not.toHaveBeenCalled();
    expect(setItem).not.toHaveBeenCalled();
  });
});

describe('when the limit passed while timers were held (a laptop waking, a tab whose timers were stopped)', () => {
  it.each(['pointerdown', 'keydown', 'scroll', 'touchstart'])(
    'a %s signs out as the limit does and never starts the clock again',
    async (type) => {
      const { expire } = start();
      vi.setSystemTime(START + 11 * MINUTE);
      press(type);
      await advance(0);
      expect(expire).toHaveBeenCalledOnce();
      expect(stored()).toEqual({ activeAt: START, endedAt: START + 11 * MINUTE });
      press(type);
      await advance(20 * MINUTE);
      expect(expire).toHaveBeenCalledOnce();
    },
  );

  it('activity in the last moment before the limit still counts', async () => {
    const { model, expire } = start();
    vi.setSystemTime(START + 10 * MINUTE - 1);
    press('pointerdown');
    await advance(10 * MINUTE - 1);
    expect(expire).not.toHaveBeenCalled();
    expect(model.deadline.value).toBe(START + 20 * MINUTE - 1);
  });

  it('Stay signed in on a warning the limit has passed signs out instead', async () => {
    const { model, expire } = start();
    await advance(9 * MINUTE);
    expect(model.deadline.value).toBe(START + 10 * MINUTE);
    vi.setSystemTime(START + 30 * MINUTE);
    model.stay();
    await advance(0);
    expect(expire).toHaveBeenCalledOnce();
    expect(stored()).toEqual({ activeAt: START, endedAt: START + 30 * MINUTE });
  });

  it('another tab active since then keeps the session', async () => {
    const { expire, model } = start();
    vi.setSystemTime(START + 11 * MINUTE);
    store({ activeAt: START + 11 * MINUTE - 1_000 });
    press('pointerdown');
    await advance(0);
    expect(expire).not.toHaveBeenCalled();
    expect(model.deadline.value).toBeNull();
  });
});

describe('a clock turned back', () => {
  const HOUR = 60 * MINUTE;

  it('never lengthens the limit: the sign-out comes when the limit has run', async () => {
    const { model, expire } = start();
    await advance(MINUTE);
    press('pointerdown');
    vi.setSystemTime(Date.now() - HOUR);
    await advance(8 * MINUTE);
    expect(model.deadline.value).toBe(Date.now() + 2 * MINUTE);
    await advance(2 * MINUTE - 1);
    expect(expire).not.toHaveBeenCalled();
    await advance(1);
    expect(expire).toHaveBeenCalledOnce();
  });

  it('keeps no time to come, in memory or stored', async () => {
    const { model } = start();
    await advance(MINUTE);
    press('keydown');
    vi.setSystemTime(Date.now() - HOUR);
    await advance(10_000);
    press('keydown');
    await advance(5_000);
    const record = stored() as { activeAt: number };
    expect(record.activeAt).toBeLessThanOrEqual(Date.now());
    expect(record.activeAt).toBe(Date.now() - 5_000);
    await advance(8 * MINUTE - 5_000);
    expect(model.deadline.value).toBe(record.activeAt + 10 * MINUTE);
  });

  it("still follows another tab's activity after it", async () => {
    const { model, expire } = start();
    vi.setSystemTime(START - HOUR);
    await advance(MINUTE);
    otherTabWrites(storage, 'snxt-IDLE', JSON.stringify({ activeAt: Date.now() }));
    await advance(9 * MINUTE);
    expect(expire).not.toHaveBeenCalled();
    expect(model.deadline.value).toBe(START - HOUR + 11 * MINUTE);
  });
});

describe('a session the app found at start', () => {
  it('keeps the stored clock', async () => {
    store({ activeAt: START - 7 * MINUTE });
    const { model } = start({ fresh: false });
    expect(stored()).toEqual({ activeAt: START - 7 * MINUTE });
    await advance(MINUTE);
    expect(model.deadline.value).toBe(START + 3 * MINUTE);
  });

  it('signs out at once when the clock ran out while every tab was closed', async () => {
    store({ activeAt: START - 11 * MINUTE });
    const { expire } = start({ fresh: false });
    await advance(0);
    expect(expire).toHaveBeenCalledOnce();
  });

  it('takes a clock set in the future as now, never as time to come', async () => {
    store({ activeAt: START + 24 * 60 * MINUTE });
    const { model, expire } = start({ fresh: false });
    await advance(8 * MINUTE);
    expect(model.deadline.value).toBe(START + 10 * MINUTE);
    await advance(2 * MINUTE);
    expect(expire).toHaveBeenCalledOnce();
  });

  it.each([
    ['not JSON', '{activeAt:'],
    ['a string', JSON.stringify({ activeAt: String(START - 11 * MINUTE) })],
    ['negative', JSON.stringify({ activeAt: -1 })],
    ['not finite', '{"activeAt": 1e999}'],
    ['inherited', '{"__proto__": {"activeAt": 1}}'],
    ['an array', '[1]'],
    ['a sign-out that is over', JSON.stringify({ activeAt: START - 20 * MINUTE, endedAt: START - 10 * MINUTE })],
  ])('starts the clock now from a stored value that is %s', async (_what, value) => {
    storage.setItem('snxt-IDLE', value);
    const { expire } = start({ fresh: false });
    expect(stored()).toEqual({ activeAt: START });
    await advance(9 * MINUTE);
    expect(expire).not.toHaveBeenCalled();
  });

  it('a fresh sign-in starts the clock whatever is stored', async () => {
    store({ activeAt: START - 11 * MINUTE });
    const { expire } = start({ fresh: true });
    await advance(MINUTE);
    expect(expire).not.toHaveBeenCalled();
    expect(stored()).toEqual({ activeAt: START });
  });
});
