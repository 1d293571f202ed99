import { startTransition, useCallback, useEffect, useState, useSyncExternalStore, type DependencyList } from 'react';
import { useTranslation } from 'react-i18next';
import { NotificationService, type Notification } from '../../core/ui-state/notification-service';
import { ModalService, type ModalState } from '../../core/ui-state/modal-service';
import { UiFlagsService, type UiFlags } from '../../core/ui-state/ui-flags-service';
import { ProgressService, type ProgressState } from '../../core/ui-state/progress-service';
import { CookieNoticeService, type CookieNoticeState } from '../../core/ui-state/claims-service';
import { formatPrice } from '../../core/catalogue/prices';
import { errorMessage, type LocalizedMessage } from '../../core/server-messages';
import type { Network } from '../../core/ports/network';
import { TOKENS } from '../../core/ports/tokens';
import { useConfig, useLocale, useObservable, useService } from './use-service';

/** The shell's hooks, which need no transaction service (ui/hooks/use-transactions.ts re-exports them). */
export const useNotifications = (): readonly Notification[] => useObservable(useService(NotificationService));
export const useModals = (): ModalState => useObservable(useService(ModalService));
export const useUiFlags = (): UiFlags => useObservable(useService(UiFlagsService));
export const useUiFlagsService = (): UiFlagsService => useService(UiFlagsService);
export const useProgress = (): ProgressState => useObservable(useService(ProgressService));

/** True once mounted: what the browser's own storage holds renders after hydration, which then matches. */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}

/**
 * What `load` resolves to, asked for again when `deps` change: undefined until the first answer; while a later load
 * is on its way, or when it fails, the last answer stays (callers match it by key, as the compare list by sku).
 * Set in a transition, so what it brings re-renders in slices (the mega menu's links: 170 ms at 4x throttling).
 */
export function useLoaded<T>(load: () => Promise<T> | undefined, deps: DependencyList): T | undefined {
  const [value, setValue] = useState<T>();
  useEffect(() => {
    let live = true;
    load()?.then(
      (v) => live && startTransition(() => setValue(() => v)),
      () => undefined,
    );
    return () => void (live = false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller names what `load` reads
  }, deps);
  return value;
}

/** Network online$ (the server renders online). */
export function useOnline(): boolean {
  const network = useService<Network>(TOKENS.Network);
  const subscribe = useCallback(
    (onChange: () => void) => {
      const sub = network.online$.subscribe(() => onChange());
      return () => sub.unsubscribe();
    },
    [network],
  );
  return useSyncExternalStore(subscribe, () => network.isOnline(), () => true);
}

/** The cookie notice (spec transactions §4): its service (every graph's catalogue part binds it) and its state. */
export function useCookieNotice(): { state: CookieNoticeState; service: CookieNoticeService } {
  const service = useService(CookieNoticeService);
  return { state: useObservable(service), service };
}

/** Money in the shop's format for the current locale. */
export function useMoney(): (amount: number) => string {
  const config = useConfig();
  const locale = useLocale();
  return useCallback((amount: number) => formatPrice(amount, locale, config), [config, locale]);
}

/** Translate a message of core/server-messages.ts (its nested params translated first). */
export function useMessageText(): (m: LocalizedMessage) => string {
  const { t } = useTranslation();
  return useCallback(
    function text(m: LocalizedMessage): string {
      const nested = Object.fromEntries(Object.entries(m.nested).map(([name, inner]) => [name, text(inner)]));
      return t(m.key, { ...m.params, ...nested });
    },
    [t],
  );
}

/** Translates a thrown error: a ShopError by its key, a server answer by core/server-messages.ts. */
export function useErrorText(): (e: unknown) => string {
  const text = useMessageText();
  return useCallback((e: unknown) => text(errorMessage(e)), [text]);
}

