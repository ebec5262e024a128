// Loaded on demand (load-motion.ts), so no motion code is in the first-load bundle. The
// WAAPI-based `animate` of motion/mini is all route animations need: opacity and transform.
export { animate } from 'motion/mini';
export { stagger } from 'motion';
