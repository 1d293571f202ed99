/**
 * Reading a plain object by a key that came from outside (a URL, a request, an API answer): `dict[key]` finds what
 * the object inherits as well (`dict['constructor']` is a function, `dict['__proto__']` is Object.prototype), so a
 * made-up key looked like a known entry. `ownEntry` answers only the object's own entries.
 */
export function ownEntry<T>(dict: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(dict, key) ? dict[key] : undefined;
}
