import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckoutService } from '../../../core/checkout/checkout-service';
import { ModalService, MODALS, type AuthModalMode } from '../../../core/ui-state/modal-service';
import { useService } from '../../hooks/use-service';
import { useModals } from '../../hooks/use-transactions';
import { AuthModal } from '../account/AuthModal';
import { NewsletterForm } from '../account/NewsletterForm';
import { ReviewForm } from '../account/ReviewForm';
import { Modal } from './Modal';

/** A modal for features this shop does not have (opened with ModalService.open(FEATURE_NOT_IMPLEMENTED)). */
export const FEATURE_NOT_IMPLEMENTED = 'modal-feature-not-implemented';

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
  return (
    <>
      {MODALS.signup in open ? <AuthModal mode={payload<{ mode?: AuthModalMode }>(MODALS.signup)?.mode ?? 'login'} /> : null}
      {MODALS.orderConfirmation in open ? <OrderConfirmationModal orders={payload<{ orders?: string[] }>(MODALS.orderConfirmation)?.orders ?? []} /> : null}
      {MODALS.newsletter in open ? (
        <Modal title={t('newsletter.title')} onClose={() => modals.close(MODALS.newsletter)}>
          <NewsletterForm />
        </Modal>
      ) : null}
      {MODALS.review in open ? (
        <Modal title={t('review.title')} onClose={() => modals.close(MODALS.review)}>
          <ReviewForm productId={payload<{ productId: number | string }>(MODALS.review)?.productId ?? ''} />
        </Modal>
      ) : null}
      {FEATURE_NOT_IMPLEMENTED in open ? (
        <Modal title={t('featureNotImplemented.title')} onClose={() => modals.close(FEATURE_NOT_IMPLEMENTED)}>
          <p>{t('featureNotImplemented.text')}</p>
        </Modal>
      ) : null}
    </>
  );
}
