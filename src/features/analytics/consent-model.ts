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

/** Anything but the exact stored shape is no choice: the visitor is asked again. */
function parseConsent(stored: unknown): ConsentChoice | null {
  if (!isRecord(stored) || ownValue(stored, 'version') !== CONSENT.version) return null;
  const at = ownValue(stored, 'at');
  if (typeof at !== 'string' || !ISO_TIME.test(at) || Number.isNaN(Date.parse(at))) return null;
  const analytics = ownValue(stored, 'analytics');
  return CONSENT_CHOICES.find((choice) => choice === analytics) ?? null;
}

function readConsent(storage: AppStorage): ConsentChoice | null {
  try {
    return parseConsent(JSON.parse(storage.getItem(FULL_KEY) ?? 'null'));
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
  const analytics = signal<ConsentChoice | null>(readConsent(storage));
  const reset = defineAction('[Consent] Reset', anyPayload, (stored) => {
    analytics.value = parseConsent(stored);
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
