import { describe, expect, it, vi } from 'vitest';

const listeners = vi.hoisted(() => new Map<string, (metric: unknown) => void>());
vi.mock('web-vitals', () => {
  const on = (name: string) => (report: (metric: unknown) => void) => void listeners.set(name, report);
  return { onCLS: on('CLS'), onFCP: on('FCP'), onINP: on('INP'), onLCP: on('LCP'), onTTFB: on('TTFB') };
});

const { reportWebVitals, vitalEvent } = await import('./web-vitals');

describe('web vitals as GA4 events', () => {
  it('sends the delta, rounded, as the value, with the metric beside it, as a non-interaction event', () => {
    expect(vitalEvent({ name: 'LCP', id: 'v5-1', value: 1234.56, delta: 1234.56, rating: 'good' })).toEqual({
      value: 1235,
      metric_id: 'v5-1',
      metric_value: 1234.56,
      metric_delta: 1234.56,
      metric_rating: 'good',
      non_interaction: true,
    });
    expect(vitalEvent({ name: 'INP', id: 'v5-2', value: 300, delta: 88.4, rating: 'needs-improvement' }).value).toBe(
      88,
    );
  });

  it('sends CLS in thousandths', () => {
    expect(vitalEvent({ name: 'CLS', id: 'v5-3', value: 0.25, delta: 0.1234, rating: 'poor' })).toMatchObject({
      value: 123,
      metric_value: 0.25,
      metric_delta: 0.1234,
    });
  });

  it('listens to LCP, INP, CLS, FCP and TTFB and names each event after its metric', () => {
    const send = vi.fn();
    reportWebVitals(send);
    expect([...listeners.keys()].sort()).toEqual(['CLS', 'FCP', 'INP', 'LCP', 'TTFB']);
    listeners.get('TTFB')!({ name: 'TTFB', id: 'v5-4', value: 80.2, delta: 80.2, rating: 'good', entries: [] });
    expect(send).toHaveBeenCalledWith('TTFB', {
      value: 80,
      metric_id: 'v5-4',
      metric_value: 80.2,
      metric_delta: 80.2,
      metric_rating: 'good',
      non_interaction: true,
    });
  });
});
