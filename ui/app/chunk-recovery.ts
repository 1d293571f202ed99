/**
 * A tab no service worker controls finds its build's chunks gone after a deploy (404): it reloads once onto the new
 * build, at most once per RELOAD_GUARD_MS (sessionStorage), never offline.
 */
export const CHUNK_RELOAD_KEY = 'shop:chunk-reload';
export const RELOAD_GUARD_MS = 60_000;

/** A failed dynamic import or module script, in the words of Chromium, Firefox and Safari. */
export function isChunkLoadError(e: unknown): boolean {
  const message = e instanceof Error ? e.message : typeof e === 'string' ? e : '';
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload/i.test(message);
}

export interface ReloadDeps {
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined;
  reload: () => void;
  now: () => number;
  /** false when the browser knows it is offline: a chunk that fails then is the network's, not a new build's */
  online?: () => boolean;
  /** whether the shop's origin answers at all (navigator.onLine may say online while the shop cannot be reached) */
  reachable?: () => Promise<boolean>;
  log: Pick<Console, 'warn' | 'error'>;
}

const browserDeps = (): ReloadDeps | undefined => {
  if (typeof window === 'undefined') return undefined;
  let storage: ReloadDeps['storage'];
  try {
    storage = window.sessionStorage;
  } catch {
    storage = undefined;
  }
  const reachable = () =>
    fetch('/', { method: 'HEAD', cache: 'no-store' }).then(
      () => true,
      () => false,
    );
  return { storage, reload: () => window.location.reload(), now: () => Date.now(), online: () => navigator.onLine !== false, reachable, log: console };
};

/** Reloads once for a chunk load error (never without sessionStorage, nor twice within RELOAD_GUARD_MS). */
export function reloadOnceForChunk(e: unknown, deps: ReloadDeps | undefined = browserDeps()): boolean {
  if (!deps || !isChunkLoadError(e)) return false;
  const { storage, now, log } = deps;
  if (!storage) return false;
  if (deps.online && !deps.online()) {
    log.warn('[chunks] a chunk could not load while offline: not reloading', e);
    return false;
  }
  const last = Number(storage.getItem(CHUNK_RELOAD_KEY) ?? '');
  if (Number.isFinite(last) && last > 0 && now() - last < RELOAD_GUARD_MS) {
    log.error('[chunks] a chunk of this build is still missing after a reload: not reloading again', e);
    return false;
  }
  storage.setItem(CHUNK_RELOAD_KEY, String(now()));
  log.warn('[chunks] a chunk of this build is gone (a new build was deployed): reloading once onto the new build', e);
  deps.reload();
  return true;
}

/** A chunk's load that reloads the page once when the chunk is gone (then never settles); offline it just fails. */
export function recoverChunk<T>(load: Promise<T>, deps: ReloadDeps | undefined = browserDeps()): Promise<T> {
  return load.catch(async (e: unknown) => {
    if (isChunkLoadError(e) && deps?.reachable && !(await deps.reachable())) {
      deps.log.warn('[chunks] a chunk could not load and the shop does not answer (offline): not reloading', e);
      throw e;
    }
    if (reloadOnceForChunk(e, deps)) return new Promise<T>(() => undefined);
    throw e;
  });
}
