import { useTranslation } from 'react-i18next';
import { providerMethodCode } from '../../../core/checkout/checkout-rules';
import type { CheckoutPaymentMethod } from '../../../core/checkout/types';
import { useConfig } from '../../hooks/use-service';

/**
 * A method's title in the shop's language: cash on delivery and the mapped provider methods (spec transactions §9) by
 * their own texts, any other by the title it came with. Its own module: others name methods without the payment form.
 */
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
