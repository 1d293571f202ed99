import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckoutService } from '../../../core/checkout/checkout-service';
import { ModalService, MODALS, type AuthModalMode } from '../../../core/ui-state/modal-service';
import { useService } from '../../hooks/use-service';
import { useModals } from '../../hooks/use-transactions';
import { NewsletterForm } from '../account/NewsletterForm';
import { Modal } from './Modal';
import { recoverChunk } from '../../app/chunk-recovery';

// the login modal and the review form load when first opened, or once idle (preloadModals)
const loadAuthModal = () => recoverChunk(import('../account/AuthModal'));
const loadReviewForm = () => recoverChunk(import('../account/ReviewForm'));
const AuthModal = lazy(() => loadAuthModal().then((m) => ({ default: m.AuthModal })));
const ReviewForm = lazy(() => loadReviewForm().then((m) => ({ default: m.ReviewForm })));

/** fetches the lazily loaded modals' code (ui/app/transactions-ui.tsx, once idle) */
export function preloadModals(): Promise<unknown> {
  return Promise.all([loadAuthModal(), loadReviewForm()]);
}

/** A modal for features this shop does not have (opened with ModalService.open(FEATURE_NOT_IMPLEMENTED)). */
const FEATURE_NOT_IMPLEMENTED = 'modal-feature-not-implemented';

function OrderConfirmationModal({ orders }: { orders: readonly string[] }) {
  const { t } = useTranslation();
  const checkout = useService(CheckoutService);
  const modals = useService(ModalService);
  const [busy, setBusy] = useState(false);
  return (
    <Modal title={t('order.waiting')} onClose={() => modals.close(MODALS.orderConfirmation)}>
      <p>{t('orderConfirmation.text', { count: orders.length })}</p>
      <div className="modal__actions">
        <button
          type="button"
          className="button button--primary"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            void checkout.confirmOfflineOrders().finally(() => setBusy(false));
          }}
        >
          {t('orderConfirmation.confirm')}
        </button>
        <button type="button" className="button button--secondary" onClick={() => modals.close(MODALS.orderConfirmation)}>
          {t('orderConfirmation.later')}
        </button>
      </div>
    </Modal>
  );
}

/** Renders the open modals of ModalService (spec transactions §2 "Modals used here"). */
export function ModalHost() {
  const { t } = useTranslation();
  const open = useModals();
  const modals = useService(ModalService);
  const payload = <T,>(name: string) => open[name]?.payload as T | undefined;
  const simple = (name: string, title: string, body: ReactNode) =>
    name in open ? (
      <Modal title={title} onClose={() => modals.close(name)}>
        {body}
      </Modal>
    ) : null;
  return (
    <>
      {MODALS.signup in open ? (
        <Suspense fallback={null}>
          <AuthModal mode={payload<{ mode?: AuthModalMode }>(MODALS.signup)?.mode ?? 'login'} />
        </Suspense>
      ) : null}
      {MODALS.orderConfirmation in open ? <OrderConfirmationModal orders={payload<{ orders?: string[] }>(MODALS.orderConfirmation)?.orders ?? []} /> : null}
      {simple(MODALS.newsletter, t('newsletter.title'), <NewsletterForm />)}
      {simple(
        MODALS.review,
        t('review.title'),
        <Suspense fallback={null}>
          <ReviewForm productId={payload<{ productId: number | string }>(MODALS.review)?.productId ?? ''} />
        </Suspense>,
      )}
      {simple(FEATURE_NOT_IMPLEMENTED, t('featureNotImplemented.title'), <p>{t('featureNotImplemented.text')}</p>)}
    </>
  );
}
