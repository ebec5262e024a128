import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';

export interface VitalEvent {
  value: number;
  metric_id: string;
  metric_value: number;
  metric_delta: number;
  metric_rating: Metric['rating'];
  non_interaction: true;
}

type MetricReport = Pick<Metric, 'name' | 'id' | 'value' | 'delta' | 'rating'>;

// GA4 event values are integers: CLS is a small fraction, so it goes in thousandths.
export function vitalEvent({ name, id, value, delta, rating }: MetricReport): VitalEvent {
  return {
    value: Math.round(name === 'CLS' ? delta * 1000 : delta),
    metric_id: id,
    metric_value: value,
    metric_delta: delta,
    metric_rating: rating,
    non_interaction: true,
  };
}

export function reportWebVitals(send: (name: Metric['name'], event: VitalEvent) => void): void {
  const report = (metric: Metric) => send(metric.name, vitalEvent(metric));
  for (const on of [onCLS, onFCP, onINP, onLCP, onTTFB]) on(report);
}
