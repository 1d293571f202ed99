import { HttpError } from './errors';

/**
 * A small hand-written schema checker: each schema returns the checked value or throws a 400 naming the path.
 * Objects ignore unknown keys (the storefront sends many extra fields), but every declared key is checked.
 */
export type Schema<T> = (value: unknown, path: string) => T;

const fail = (path: string, what: string): never => {
  throw new HttpError(400, `Invalid request: ${path || 'body'} ${what}`);
};

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[a-zA-Z]{2,}$/;

export const s = {
  string(opts: { min?: number; max?: number; pattern?: RegExp; email?: boolean; trim?: boolean } = {}): Schema<string> {
    return (v, path) => {
      if (typeof v !== 'string') return fail(path, 'must be a string');
      const text = opts.trim === false ? v : v.trim();
      if (opts.min !== undefined && text.length < opts.min) fail(path, opts.min === 1 ? 'is required' : `must have at least ${opts.min} characters`);
      if (text.length > (opts.max ?? 10_000)) fail(path, `must have at most ${opts.max ?? 10_000} characters`);
      if (opts.pattern && !opts.pattern.test(text)) fail(path, 'has an invalid format');
      if (opts.email && !EMAIL.test(text)) fail(path, 'must be a valid e-mail address');
      return text;
    };
  },
  number(opts: { min?: number; max?: number; int?: boolean; coerce?: boolean } = {}): Schema<number> {
    return (v, path) => {
      const n = opts.coerce && typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
      if (typeof n !== 'number' || !Number.isFinite(n)) return fail(path, 'must be a number');
      if (opts.int && !Number.isInteger(n)) fail(path, 'must be a whole number');
      if (opts.min !== undefined && n < opts.min) fail(path, `must be at least ${opts.min}`);
      if (opts.max !== undefined && n > opts.max) fail(path, `must be at most ${opts.max}`);
      return n;
    };
  },
  /** a number or a numeric string (ids travel both ways on this protocol) */
  id(): Schema<string> {
    return (v, path) => {
      if (typeof v === 'number' && Number.isFinite(v)) return String(v);
      if (typeof v === 'string' && v.trim() !== '' && v.length <= 100) return v.trim();
      return fail(path, 'must be an id');
    };
  },
  boolean(): Schema<boolean> {
    return (v, path) => (typeof v === 'boolean' ? v : v === 0 || v === 1 ? v === 1 : fail(path, 'must be a boolean'));
  },
  literal<T extends string>(values: readonly T[]): Schema<T> {
    return (v, path) => (typeof v === 'string' && (values as readonly string[]).includes(v) ? (v as T) : fail(path, `must be one of ${values.join(', ')}`));
  },
  optional<T>(inner: Schema<T>): Schema<T | undefined> {
    return (v, path) => (v === undefined || v === null ? undefined : inner(v, path));
  },
  array<T>(inner: Schema<T>, opts: { max?: number; min?: number } = {}): Schema<T[]> {
    return (v, path) => {
      if (!Array.isArray(v)) return fail(path, 'must be an array');
      if (v.length > (opts.max ?? 1000)) fail(path, `must have at most ${opts.max ?? 1000} entries`);
      if (opts.min !== undefined && v.length < opts.min) fail(path, `must have at least ${opts.min} entries`);
      return v.map((x, i) => inner(x, `${path}[${i}]`));
    };
  },
  object<S extends Record<string, Schema<unknown>>>(shape: S): Schema<{ [K in keyof S]: ReturnType<S[K]> } & { readonly __raw: Record<string, unknown> }> {
    return (v, path) => {
      if (typeof v !== 'object' || v === null || Array.isArray(v)) return fail(path, 'must be an object');
      const out: Record<string, unknown> = {};
      for (const [k, schema] of Object.entries(shape)) out[k] = schema((v as Record<string, unknown>)[k], path ? `${path}.${k}` : k);
      Object.defineProperty(out, '__raw', { value: v, enumerable: false });
      return out as { [K in keyof S]: ReturnType<S[K]> } & { readonly __raw: Record<string, unknown> };
    };
  },
  /** any JSON object, kept as is (addresses and other pass-through structures) */
  record(): Schema<Record<string, unknown>> {
    return (v, path) => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : fail(path, 'must be an object'));
  },
  any(): Schema<unknown> {
    return (v) => v;
  },
};

export function check<T>(schema: Schema<T>, value: unknown): T {
  return schema(value, '');
}

/** Magento's password rule (spec transactions §5): at least 8 characters and 3 of 4 classes. */
export function passwordStrongEnough(password: string): boolean {
  if (password.length < 8) return false;
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^a-zA-Z0-9]/].filter((r) => r.test(password)).length;
  return classes >= 3;
}
