import { useTranslation } from 'react-i18next';
import { providerMethodCode } from '../../../core/checkout/checkout-rules';
import type { CheckoutPaymentMethod } from '../../../core/checkout/types';
import { useConfig } from '../../hooks/use-service';

/** A method's title in the shop's language (spec transactions §9); its own module, without the payment form. */
export function usePaymentMethodTitle(): (m: Pick<CheckoutPaymentMethod, 'code' | 'title'>) => string {
  const { t } = useTranslation();
  const config = useConfig();
  return (m) =>
    m.code === config.payment.cashOnDelivery.code
      ? t('payment.cashOnDelivery')
      : providerMethodCode(m.code, config) !== undefined
        ? t(`payment.method.${m.code}`, { defaultValue: m.title })
        : m.title;
}
