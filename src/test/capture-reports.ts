import { onTestFinished, vi } from 'vitest';
import { connectReporter, type Reporter } from '../lib/notice-bus';

/** Connects a spy reporter for the current test (also from a beforeEach) and disconnects it after. */
export function captureReports() {
  const reporter = { error: vi.fn<Reporter['error']>(), notice: vi.fn<Reporter['notice']>() };
  onTestFinished(connectReporter(reporter));
  return reporter;
}
