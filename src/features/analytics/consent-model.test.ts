import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryStorage, type AppStorage } from '../../lib/storage';
import { captureReports } from '../../test/capture-reports';
import { ConsentModel } from './consent-model';
import { storageEvent } from '../../test/other-tab';

const AT = '2026-11-24T10:00:00.000Z';
let storage: AppStorage;
const models: ConsentModel[] = [];

beforeEach(() => {
  storage = createMemoryStorage();
});
afterEach(() => models.splice(0).forEach((model) => model[Symbol.dispose]()));

function create(stored?: string) {
  if (stored !== undefined) storage.setItem('snxt-CONSENT', stored);
  const model = new ConsentModel({ storage, now: () => new Date(AT) });
  models.push(model);
  return model;
}

const fromOtherTab = (newValue: string | null) => storageEvent(storage, 'snxt-CONSENT', newValue);

const startedWith = (stored: unknown) => create(JSON.stringify(stored)).analytics.value;

describe('stored consent', () => {
  it.each(['granted', 'denied'] as const)('reads a stored "%s"', (analytics) => {
    expect(startedWith({ analytics, version: 1, at: AT })).toBe(analytics);
    expect(startedWith({ analytics, version: 1, at: '2026-11-24T12:00:00+02:00' })).toBe(analytics);
  });

  it.each([
    ['null', null],
    ['a string', 'granted'],
    ['an array', ['granted']],
    ['another version', { analytics: 'granted', version: 2, at: AT }],
    ['a version as text', { analytics: 'granted', version: '1', at: AT }],
    ['no version', { analytics: 'granted', at: AT }],
    ['an unknown choice', { analytics: 'yes', version: 1, at: AT }],
    ['a choice in capitals', { analytics: 'GRANTED', version: 1, at: AT }],
    ['a boolean choice', { analytics: true, version: 1, at: AT }],
    ['no time', { analytics: 'granted', version: 1 }],
    ['a time that is not ISO', { analytics: 'granted', version: 1, at: 'yesterday' }],
    ['an impossible time', { analytics: 'granted', version: 1, at: '2026-13-45T99:00:00Z' }],
    ['a time as a number', { analytics: 'granted', version: 1, at: 1_790_000_000_000 }],
  ])('counts %s as no choice', (_, stored) => {
    expect(startedWith(stored)).toBeNull();
  });

  it.each([
    ['made a moment ago', '2026-11-24T10:00:00.000Z'],
    ['made 11 months ago', '2025-12-24T10:00:00.000Z'],
    ['made a millisecond short of 12 months ago', '2025-11-24T10:00:00.001Z'],
  ])('keeps a choice %s', (_, at) => {
    expect(startedWith({ analytics: 'granted', version: 1, at })).toBe('granted');
  });

  it.each([
    ['made 12 months ago', '2025-11-24T10:00:00.000Z'],
    ['made 13 months ago', '2025-10-24T10:00:00.000Z'],
    ['made years ago', '2019-01-01T00:00:00.000Z'],
    ['dated a minute in the future', '2026-11-24T10:01:00.000Z'],
    ['dated a millisecond in the future', '2026-11-24T10:00:00.001Z'],
    ['dated next year', '2027-11-24T10:00:00.000Z'],
  ])('counts a choice %s as no choice: the banner asks again', (_, at) => {
    expect(startedWith({ analytics: 'granted', version: 1, at })).toBeNull();
    expect(startedWith({ analytics: 'denied', version: 1, at })).toBeNull();
  });

  it('takes nothing from a prototype: a choice under "__proto__" is no choice', () => {
    expect(create(`{"__proto__": {"analytics": "granted", "version": 1, "at": "${AT}"}}`).analytics.value).toBeNull();
    expect(create(`{"analytics": {"__proto__": "granted"}, "version": 1, "at": "${AT}"}`).analytics.value).toBeNull();
  });
});

describe('consent model', () => {
  it('starts with no choice when nothing, or nothing valid, is stored', () => {
    expect(create().analytics.value).toBeNull();
    expect(create('not json').analytics.value).toBeNull();
    expect(create('{"analytics":"granted","version":1}').analytics.value).toBeNull();
  });

  it('starts with the stored choice', () => {
    expect(create(JSON.stringify({ analytics: 'denied', version: 1, at: AT })).analytics.value).toBe('denied');
  });

  it('stores a choice as snxt-CONSENT with its version and time', () => {
    const consent = create();
    expect(consent.choose('granted')).toBe(true);
    expect(consent.analytics.value).toBe('granted');
    expect(JSON.parse(storage.getItem('snxt-CONSENT')!)).toEqual({ analytics: 'granted', version: 1, at: AT });
    consent.choose('denied');
    expect(JSON.parse(storage.getItem('snxt-CONSENT')!)).toEqual({ analytics: 'denied', version: 1, at: AT });
  });

  it('refuses anything but a choice, and changes nothing', () => {
    const reports = captureReports();
    const consent = create();
    expect(consent.choose('yes' as never)).toBe(false);
    expect(consent.analytics.value).toBeNull();
    expect(storage.getItem('snxt-CONSENT')).toBeNull();
    expect(reports.error).toHaveBeenCalledOnce();
  });

  it('follows another tab, and a removed or hostile value there is no choice', () => {
    const consent = create();
    fromOtherTab(JSON.stringify({ analytics: 'granted', version: 1, at: AT }));
    expect(consent.analytics.value).toBe('granted');
    fromOtherTab(`{"__proto__":{"analytics":"granted","version":1,"at":"${AT}"}}`);
    expect(consent.analytics.value).toBeNull();
    fromOtherTab(JSON.stringify({ analytics: 'denied', version: 1, at: AT }));
    expect(consent.analytics.value).toBe('denied');
    fromOtherTab(null);
    expect(consent.analytics.value).toBeNull();
    fromOtherTab(JSON.stringify({ analytics: 'granted', version: 1, at: '2027-01-01T00:00:00.000Z' }));
    expect(consent.analytics.value).toBeNull();
  });
});
