// motion/mini's WAAPI `animate` is all route animations need (opacity, transform), loaded on demand.
export { animate } from 'motion/mini';
export { stagger } from 'motion';
