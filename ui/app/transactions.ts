import { useContext, useSyncExternalStore } from 'react';
import { ContainerContext } from '../hooks/use-service';
import type { TransactionUi } from './transactions-ui';

/**
 * The transaction half (ui/app/transactions-ui.tsx) is a chunk loaded once idle, or when a shopper needs it first. The
 * entry installs the loader; the server's graph has both halves and installs none.
 */
type Loader = () => Promise<TransactionUi>;

let loader: Loader | undefined;
let pending: Promise<TransactionUi | undefined> | undefined;
let loaded: TransactionUi | undefined;
const listeners = new Set<() => void>();
let resolveLoaded!: (ui: TransactionUi) => void;
const whenLoaded = new Promise<TransactionUi>((resolve) => (resolveLoaded = resolve));

export function installTransactions(load: Loader): void {
  loader = load;
}

/** Loads and starts the transaction half once (a failed load, e.g. offline, is tried again on the next call). */
export function ensureTransactions(): Promise<TransactionUi | undefined> {
  if (!loader) return Promise.resolve(undefined);
  pending ??= loader().then(
    (ui) => {
      loaded = ui;
      resolveLoaded(ui);
      for (const l of listeners) l();
      return ui;
    },
    (e: unknown) => {
      pending = undefined;
      throw e;
    },
  );
  return pending;
}

/** Resolves once the transaction half is loaded and started (by whoever asks for it; this asks for nothing). */
export function transactionsLoaded(): Promise<TransactionUi> {
  return whenLoaded;
}

/** Runs `run` once the browser is idle, at the latest after `timeout` ms (a tenth of it where there is no idle callback). */
export function whenIdle(run: () => void, timeout = 2000): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout });
  else setTimeout(run, timeout / 10);
}

/** Calls `onChange` when the transaction half has loaded (a store's subscribe, for useSyncExternalStore). */
export function subscribeTransactions(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

/** The loaded transaction UI; undefined before, on the server and while hydrating (so hydration matches). */
export function useTransactionUi(): TransactionUi | undefined {
  return useSyncExternalStore(
    subscribeTransactions,
    () => loaded,
    () => undefined,
  );
}

/** A transaction service by its Symbol once bound, else undefined (always so on the server). */
export function useTransactionService<T>(token: symbol): T | undefined {
  useTransactionUi(); // re-render when the half arrives
  const container = useContext(ContainerContext);
  return typeof window !== 'undefined' && container?.isBound(token) ? container.get<T>(token) : undefined;
}

/** For event handlers: the transaction service by its Symbol, loading the half first when needed. */
export function useTransactionGetter(): <T>(token: symbol) => Promise<T | undefined> {
  const container = useContext(ContainerContext);
  return async <T,>(token: symbol) => {
    if (container && !container.isBound(token)) await ensureTransactions();
    return container?.isBound(token) ? container.get<T>(token) : undefined;
  };
}
