import { useTranslation } from 'react-i18next';
import type { ReviewService } from '../../../core/content/review-service';
import type { SessionService } from '../../../core/user/session-service';
import { validateName, validateRequired } from '../../../core/checkout/field-rules';
import { useConfig } from '../../hooks/use-service';
import { TX } from '../../../adapters/wiring';
import { useTransactionGetter, useTransactionService } from '../../app/transactions';
import { useForm } from '../../hooks/use-form';
import { Refusal, useServerAction } from '../../hooks/use-server-action';
import { Field, Form, ActionSubmit } from '../common/Field';

/** A product review (spec transactions §7: POST /api/review/create; success when code 200). */
export function ReviewForm({ productId }: { productId: number | string }) {
  const { t } = useTranslation();
  const config = useConfig();
  // the services come with the transaction half: the session once there, the review service on submit
  const tx = useTransactionGetter();
  const session = useTransactionService<SessionService>(TX.Session)?.snapshot();
  const current = session?.current;
  const action = useServerAction();
  type V = { nickname: string; title: string; detail: string };
  const validate = (v: V) => ({
    nickname: validateName(v.nickname, config),
    title: validateRequired(v.title),
    detail: validateRequired(v.detail),
  });
  const form = useForm<V>({ nickname: current?.firstname ?? '', title: '', detail: '' }, validate);
  return (
    <Form form={form} className="review-form" onSubmit={async (v) => {
      const sent = await action.run(async () => {
        const reviews = await tx<ReviewService>(TX.Review).catch(() => undefined);
        const ok = !!reviews && (await reviews.submit({
          product_id: productId,
          nickname: v.nickname.trim(),
          title: v.title.trim(),
          detail: v.detail.trim(),
          ...(current?.id !== undefined ? { customer_id: current.id } : {}),
        }, session?.token));
        if (!ok) throw new Refusal(t('review.failed'));
      }, t('review.sent'));
      if (sent) form.reset({ nickname: v.nickname, title: '', detail: '' });
    }}>
      <Field form={form} name="nickname" label={t('review.nickname')} autoComplete="nickname" required />
      <Field form={form} name="title" label={t('review.summary')} required />
      <Field form={form} name="detail" type="textarea" label={t('review.detail')} required />
      <ActionSubmit action={action} label={t('review.submit')} />
    </Form>
  );
}
