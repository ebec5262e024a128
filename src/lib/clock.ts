/** The app's only source of "now", so tests can move time (auto night mode). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
