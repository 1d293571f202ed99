import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { createConfig, DEFAULT_CONFIG } from '../config';
import { MESSAGES } from '../messages';
import { MemoryStorage } from '../../adapters/storage/memory-storage';
import { STORAGE_COLLECTIONS } from '../ports/storage';
import { NotificationService, normalizeNotificationType } from './notification-service';
import { ModalService, MODALS } from './modal-service';
import { UiFlagsService } from './ui-flags-service';
import { ProgressService } from './progress-service';
import { ClaimsService, CookieNoticeService } from './claims-service';
import { SequentialIds, VirtualTime } from '../testing/virtual-time';

function notifications(config = DEFAULT_CONFIG) {
  const time = new VirtualTime();
  return { time, service: new NotificationService(time, new SequentialIds(), config) };
}

describe('NotificationService (spec transactions §3, §4 Notifications)', () => {
  it('ignores a duplicate of the last message only', () => {
    // spec transactions §4: a duplicate of the last message is ignored
    const { service } = notifications();
    expect(service.notify({ type: 'success', message: MESSAGES.productAdded })).toBeDefined();
    expect(service.notify({ type: 'success', message: MESSAGES.productAdded })).toBeUndefined();
    service.notify({ type: 'success', message: MESSAGES.qtyUpdated });
    service.notify({ type: 'success', message: MESSAGES.productAdded });
    expect(service.snapshot().map((n) => n.message)).toEqual([MESSAGES.productAdded, MESSAGES.qtyUpdated, MESSAGES.productAdded]);
  });

  it('messages with different params are not duplicates', () => {
    // spec transactions §4: dedupe compares the message
    const { service } = notifications();
    service.notify({ type: 'danger', message: MESSAGES.paymentNotCreated, params: { message: 'a' } });
    service.notify({ type: 'danger', message: MESSAGES.paymentNotCreated, params: { message: 'b' } });
    expect(service.snapshot()).toHaveLength(2);
  });

  it('auto-dismisses after 5000 ms unless hasNoTimeout', async () => {
    // spec transactions §4, §9: default lifetime 5000 ms
    const { service, time } = notifications();
    service.notify({ type: 'info', message: MESSAGES.productAdded });
    service.notify({ type: 'danger', message: MESSAGES.paymentNotCreated, params: { message: 'x' }, hasNoTimeout: true });
    service.notify({ type: 'info', message: MESSAGES.qtyUpdated, timeToLive: 1000 });
    await time.advance(999);
    expect(service.snapshot()).toHaveLength(3);
    await time.advance(1);
    expect(service.snapshot().map((n) => n.message)).toEqual([MESSAGES.productAdded, MESSAGES.paymentNotCreated]);
    await time.advance(3999);
    expect(service.snapshot()).toHaveLength(2);
    await time.advance(1);
    expect(service.snapshot().map((n) => n.message)).toEqual([MESSAGES.paymentNotCreated]);
    await time.advance(1_000_000);
    expect(service.snapshot()).toHaveLength(1);
  });

  it('uses the configured default lifetime', async () => {
    // spec transactions §9: notification default lifetime is config
    const { service, time } = notifications(createConfig({ notifications: { defaultTimeToLiveMs: 200 } }));
    service.notify({ type: 'info', message: MESSAGES.productAdded });
    await time.advance(200);
    expect(service.snapshot()).toHaveLength(0);
  });

  it('running an action or close removes it; the action runs once', async () => {
    // spec transactions §4: running an action or clicking close removes it
    const { service, time } = notifications();
    const action = vi.fn();
    const id = service.notify({ type: 'warning', message: MESSAGES.orderWaiting, action1: { label: MESSAGES.ok, action } })!;
    const id2 = service.notify({ type: 'warning', message: MESSAGES.orderQueued })!;
    await service.runAction(id, 'action1');
    await service.runAction(id, 'action1');
    expect(action).toHaveBeenCalledTimes(1);
    service.remove(id2);
    expect(service.snapshot()).toEqual([]);
    expect(time.pending()).toBe(0);
  });

  it('unknown type is shown as danger (property)', () => {
    // spec transactions §3: type secondary, info, success, warning, danger; anything else shown as danger
    fc.assert(
      fc.property(fc.string(), (t) => {
        const known = ['secondary', 'info', 'success', 'warning', 'danger'].includes(t);
        expect(normalizeNotificationType(t)).toBe(known ? t : 'danger');
      }),
    );
    const { service } = notifications();
    service.notify({ type: 'error', message: MESSAGES.productAdded });
    expect(service.snapshot()[0]?.type).toBe('danger');
  });
});

describe('ModalService (spec transactions §2 modals)', () => {
  it('opens and closes by name with payload', () => {
    // spec transactions §2: authentication modal in login mode for anonymous users
    const m = new ModalService();
    m.openAuth();
    expect(MODALS.signup in m.snapshot()).toBe(true);
    expect(m.snapshot()[MODALS.signup]?.payload).toEqual({ mode: 'login' });
    m.open(MODALS.review, { productId: 7 });
    m.close(MODALS.signup);
    expect(MODALS.signup in m.snapshot()).toBe(false);
    expect(m.snapshot()[MODALS.review]?.payload).toEqual({ productId: 7 });
    m.close(MODALS.review);
    expect(m.snapshot()).toEqual({});
  });
});

describe('UiFlagsService', () => {
  it('one panel at a time; the overlay follows the panels', () => {
    // spec transactions §2: minicart toggled open or closed
    const ui = new UiFlagsService();
    ui.togglePanel('microcart');
    expect(ui.snapshot()).toMatchObject({ microcart: true, overlay: true });
    ui.setPanel('searchpanel', true);
    expect(ui.snapshot()).toMatchObject({ microcart: false, searchpanel: true, overlay: true });
    ui.togglePanel('searchpanel');
    expect(ui.snapshot()).toMatchObject({ searchpanel: false, overlay: false });
    ui.openSubmenu('a', 0);
    ui.openSubmenu('b', 1);
    ui.openSubmenu('c', 1);
    expect(ui.snapshot().submenu).toEqual(['a', 'c']);
    ui.closeAll();
    expect(ui.snapshot().submenu).toEqual([]);
  });
});

describe('Loader (spec catalogue §2.9)', () => {
  it('shows from a progress start with a message until the progress stops; a route change shows none', async () => {
    const time = new VirtualTime();
    const progress = new ProgressService(time, DEFAULT_CONFIG);
    const ui = new UiFlagsService();
    ui.followProgress(progress.state$);
    const seen: boolean[] = [];
    ui.state$.subscribe((f) => seen.push(f.loader));
    expect(ui.snapshot().loader).toBe(false);
    progress.start(MESSAGES.progressCreatingPayment);
    expect(ui.snapshot().loader).toBe(true);
    await time.advance(500);
    progress.finish();
    expect(ui.snapshot().loader).toBe(false);
    progress.start(MESSAGES.progressSendingMessage);
    progress.fail();
    expect(ui.snapshot().loader).toBe(false);
    const end = progress.routeChange();
    await time.advance(DEFAULT_CONFIG.ui.progress.durationMs);
    expect(progress.snapshot().active).toBe(true);
    expect(ui.snapshot().loader).toBe(false);
    end();
    // on and off once per task, not once per tick
    expect(seen).toEqual([false, true, false, true, false]);
  });
});

describe('ProgressService (spec transactions §8 Progress)', () => {
  it('ticks toward max, finishes to 100 then hides; fail() shows the failed bar', async () => {
    const time = new VirtualTime();
    const p = new ProgressService(time, DEFAULT_CONFIG);
    p.start(MESSAGES.progressCreatingPayment);
    await time.advance(DEFAULT_CONFIG.ui.progress.durationMs / 2);
    expect(p.snapshot().percent).toBeGreaterThan(40);
    expect(p.snapshot().percent).toBeLessThan(60);
    await time.advance(60_000);
    expect(p.snapshot().percent).toBe(DEFAULT_CONFIG.ui.progress.max);
    p.finish();
    expect(p.snapshot().percent).toBe(100);
    await time.advance(DEFAULT_CONFIG.ui.progress.tickMs);
    expect(p.snapshot().active).toBe(false);
    p.start(MESSAGES.progressPaymentStatus);
    p.fail();
    expect(p.snapshot()).toMatchObject({ failed: true, percent: 100, message: MESSAGES.progressPaymentStatus });
    await time.advance(1000);
    expect(time.pending()).toBe(0);
  });
});

describe('Cookie notice (spec transactions §4 Cookie notice)', () => {
  it('missing claim → shows and stores false; false → shows; close → hides and stores true', async () => {
    // spec transactions §4: reads claim cookiesAccepted; if missing, banner shows and false is stored
    const storage = new MemoryStorage();
    const time = new VirtualTime(1_700_000_000_000);
    const claims = new ClaimsService(storage, time);
    const notice = new CookieNoticeService(claims, DEFAULT_CONFIG);
    await notice.load();
    expect(notice.snapshot().visible).toBe(true);
    expect(await storage.get(STORAGE_COLLECTIONS.claims, 'cookiesAccepted')).toEqual({ code: 'cookiesAccepted', created_at: 1_700_000_000_000, value: false });

    const again = new CookieNoticeService(claims, DEFAULT_CONFIG);
    await again.load();
    expect(again.snapshot().visible).toBe(true);
    await again.accept();
    expect(again.snapshot().visible).toBe(false);
    expect((await claims.get('cookiesAccepted'))?.value).toBe(true);

    const third = new CookieNoticeService(claims, DEFAULT_CONFIG);
    await third.load();
    expect(third.snapshot()).toEqual({ loaded: true, visible: false, consent: 'granted' });
  });

  it('loaded twice (right after hydration, then by the start-up): a close in between stays closed', async () => {
    const storage = new MemoryStorage();
    const claims = new ClaimsService(storage, new VirtualTime(1_700_000_000_000));
    const notice = new CookieNoticeService(claims, DEFAULT_CONFIG);
    await notice.load();
    expect(notice.snapshot().visible).toBe(true);
    // the start-up's load starts while the shopper's close is being written
    const second = notice.load();
    await notice.accept();
    await second;
    expect(notice.snapshot()).toEqual({ loaded: true, visible: false, consent: 'granted' });
    expect((await claims.get('cookiesAccepted'))?.value).toBe(true);
  });

  it('decline hides the notice, is remembered in its own claim, and a later accept replaces it', async () => {
    // spec transactions §4 "Cookie notice" keeps cookiesAccepted false until accepted; the decline is ours, remembered
    // like the close: a new page (a new service over the same storage) neither shows the notice nor grants consent
    const storage = new MemoryStorage();
    const claims = new ClaimsService(storage, new VirtualTime(1_700_000_000_000));
    const notice = new CookieNoticeService(claims, DEFAULT_CONFIG);
    await notice.load();
    expect(notice.snapshot()).toEqual({ loaded: true, visible: true, consent: 'unanswered' });
    await notice.decline();
    expect(notice.snapshot()).toEqual({ loaded: true, visible: false, consent: 'denied' });
    expect((await claims.get('cookiesAccepted'))?.value).toBe(false);
    expect((await claims.get('cookiesDeclined'))?.value).toBe(true);

    const next = new CookieNoticeService(claims, DEFAULT_CONFIG);
    await next.load();
    expect(next.snapshot()).toEqual({ loaded: true, visible: false, consent: 'denied' });
    await next.accept();
    expect(await claims.get('cookiesDeclined')).toBeUndefined();
    const third = new CookieNoticeService(claims, DEFAULT_CONFIG);
    await third.load();
    expect(third.snapshot()).toEqual({ loaded: true, visible: false, consent: 'granted' });
  });
});
