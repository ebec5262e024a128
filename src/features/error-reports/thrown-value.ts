import { REJECTION_CONTEXT } from '../../lib/global-errors';
import { attempt } from './attempt';

const MAX_KEYS = 20;

interface Described {
  name: string;
  message: string;
  stack: string;
}

const text = (value: unknown): string => attempt(() => (value == null ? '' : String(value)), '');

const isError = (value: unknown): value is Error =>
  value instanceof Error ||
  attempt(() => (Error as { isError?: (value: unknown) => boolean }).isError?.(value) === true, false);

function typeOf(value: object): string {
  if (Array.isArray(value)) return 'Array';
  const name: unknown = attempt(() => Object.getPrototypeOf(value)?.constructor?.name, undefined);
  return typeof name === 'string' && /^[A-Za-z_$][\w$]*$/.test(name) ? name : 'Object';
}

// A value's own words never leave: its type, an array's length, an object's key names.
function shapeOf(value: unknown): { type: string; label: string } {
  if (value === null) return { type: 'null', label: 'null' };
  if (typeof value !== 'object') return { type: typeof value, label: typeof value };
  const type = typeOf(value);
  if (type === 'Array') {
    const length = attempt(() => (value as unknown[]).length, NaN);
    return { type, label: Number.isInteger(length) ? `Array(${length})` : 'Array' };
  }
  const keys = attempt(() => Object.keys(value), null);
  if (!keys) return { type, label: type };
  const listed = keys.slice(0, MAX_KEYS).join(', ') + (keys.length > MAX_KEYS ? ', …' : '');
  return { type, label: `${type} {${listed}}` };
}

export function describeThrown(error: unknown, context?: string): Described {
  return attempt(
    () => {
      if (isError(error)) {
        return { name: text(error.name) || 'Error', message: text(error.message), stack: text(error.stack) };
      }
      const { type, label } = shapeOf(error);
      const how = context === REJECTION_CONTEXT ? 'rejection' : 'thrown value';
      return { name: type, message: `Non-Error ${how}: ${label}`, stack: '' };
    },
    { name: 'Error', message: 'An error that cannot be read', stack: '' },
  );
}
