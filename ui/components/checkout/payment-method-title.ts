import { useTranslation } from 'react-i18next';
import { providerMethodCode } from '../../../core/checkout/checkout-rules';
import type { CheckoutPaymentMethod } from '../../../core/checkout/types';
import { useConfig } from '../../hooks/use-service';

/**
 * The title of a method in the shop's language: cash on delivery and the mapped provider methods (spec transactions §9)
 * by their own texts (the provider describes them in one language), any other method by the title it came with. A
 * module of its own: the review step, the step summaries and the order details name methods without loading the
 * payment step's form.
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
