/**
 * The part of reflect-metadata that inversify's container calls, for the browser bundle (issue 10: no reflect-metadata
 * unless decorators are used). @inversifyjs/container imports 'reflect-metadata/lite' for its side effect; the shop
 * uses no decorators, and the container only keeps its own bookkeeping in metadata (the binding id counter on
 * Object, class metadata it reads and writes), so esbuild aliases that import here (scripts/build.mjs): the same four
 * functions over a WeakMap, 8 KB minified less. The server and the tests keep the real package.
 */
type MetadataKey = unknown;
type PropertyMap = Map<string | symbol | undefined, Map<MetadataKey, unknown>>;

const store = new WeakMap<object, PropertyMap>();

function table(target: object, property: string | symbol | undefined, create: boolean): Map<MetadataKey, unknown> | undefined {
  let byProperty = store.get(target);
  if (!byProperty) {
    if (!create) return undefined;
    byProperty = new Map();
    store.set(target, byProperty);
  }
  let values = byProperty.get(property);
  if (!values && create) {
    values = new Map();
    byProperty.set(property, values);
  }
  return values;
}

export function defineMetadata(key: MetadataKey, value: unknown, target: object, property?: string | symbol): void {
  table(target, property, true)?.set(key, value);
}

export function hasOwnMetadata(key: MetadataKey, target: object, property?: string | symbol): boolean {
  return table(target, property, false)?.has(key) ?? false;
}

export function getOwnMetadata(key: MetadataKey, target: object, property?: string | symbol): unknown {
  return table(target, property, false)?.get(key);
}

/** own metadata, else the prototype chain's (as reflect-metadata's getMetadata) */
export function getMetadata(key: MetadataKey, target: object, property?: string | symbol): unknown {
  for (let t: object | null = target; t; t = Object.getPrototypeOf(t) as object | null) {
    const values = table(t, property, false);
    if (values?.has(key)) return values.get(key);
  }
  return undefined;
}

export function hasMetadata(key: MetadataKey, target: object, property?: string | symbol): boolean {
  for (let t: object | null = target; t; t = Object.getPrototypeOf(t) as object | null) if (hasOwnMetadata(key, t, property)) return true;
  return false;
}

/** installs the functions on the global Reflect where they are missing (the import's side effect, as the package's) */
export function installReflectMetadata(reflect: object = Reflect): void {
  const api = { defineMetadata, hasOwnMetadata, getOwnMetadata, getMetadata, hasMetadata };
  for (const [name, fn] of Object.entries(api)) if (!(name in reflect)) Object.defineProperty(reflect, name, { value: fn, configurable: true, writable: true });
}

installReflectMetadata();
