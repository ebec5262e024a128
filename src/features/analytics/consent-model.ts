import { createModel, effect, signal, type ReadonlySignal } from '@preact/signals-react';
import { CONSENT, STORAGE_PREFIX } from '../../config/constants';
import { anyPayload, isRecord, oneOf } from '../../lib/checks';
import { defineAction } from '../../lib/model-kit';
import { ownValue } from '../../lib/safe-keys';
import { saveItem, type AppStorage } from '../../lib/storage';
import { onOtherTabChange } from '../../lib/storage-events';

const CONSENT_CHOICES = ['granted', 'denied'] as const;
export type ConsentChoice = (typeof CONSENT_CHOICES)[number];

interface StoredConsent {
  analytics: ConsentChoice;
  version: typeof CONSENT.version;
  at: string;
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const FULL_KEY = `${STORAGE_PREFIX}${CONSENT.storageKey}`;

function isCurrent(at: string, now: Date): boolean {
  const made = new Date(at);
  if (Number.isNaN(made.getTime()) || made > now) return false;
  const expires = new Date(made);
  expires.setUTCMonth(expires.getUTCMonth() + CONSENT.maxAgeMonths);
  return now < expires;
}

/** Only the exact stored shape, made within the last 12 months (not later than now), is a choice; else ask again. */
function parseConsent(stored: unknown, now: Date): ConsentChoice | null {
  if (!isRecord(stored) || ownValue(stored, 'version') !== CONSENT.version) return null;
  const at = ownValue(stored, 'at');
  if (typeof at !== 'string' || !ISO_TIME.test(at) || !isCurrent(at, now)) return null;
  const analytics = ownValue(stored, 'analytics');
  return CONSENT_CHOICES.find((choice) => choice === analytics) ?? null;
}

function readConsent(storage: AppStorage, now: Date): ConsentChoice | null {
  try {
    return parseConsent(JSON.parse(storage.getItem(FULL_KEY) ?? 'null'), now);
  } catch {
    return null;
  }
}

export interface ConsentDeps {
  storage: AppStorage;
  now?: () => Date;
}

/** The visitor's analytics choice, kept in `snxt-CONSENT` (not a setting) and followed across tabs. */
export const ConsentModel = createModel(({ storage, now = () => new Date() }: ConsentDeps) => {
  const analytics = signal<ConsentChoice | null>(readConsent(storage, now()));
  const reset = defineAction('[Consent] Reset', anyPayload, (stored) => {
    analytics.value = parseConsent(stored, now());
  });
  effect(() => onOtherTabChange(storage, FULL_KEY, reset));
  return {
    analytics: analytics as ReadonlySignal<ConsentChoice | null>,
    choose: defineAction('[Consent] Choose', oneOf(CONSENT_CHOICES), (choice) => {
      const stored: StoredConsent = { analytics: choice, version: CONSENT.version, at: now().toISOString() };
      analytics.value = choice;
      saveItem(storage, CONSENT.storageKey, stored);
    }),
  };
});

export type ConsentModel = InstanceType<typeof ConsentModel>;
