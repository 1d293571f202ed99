import { useTranslation } from 'react-i18next';
import type { ReviewService } from '../../../core/content/review-service';
import { numberFormat } from '../../../core/format/intl';
import { TX } from '../../../adapters/wiring';
import { useTransactionGetter } from '../../app/transactions';
import { useLocale } from '../../hooks/use-service';
import { useLoaded } from '../../hooks/use-shell';

/** The shop's review rating (spec catalogue §3.8, §7), linking to the review page; a failed call shows nothing. */
export function RatingWidget({ place }: { place: 'footer' | 'product' }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const tx = useTransactionGetter();
  const rating = useLoaded(() => tx<ReviewService>(TX.Review).then((reviews) => reviews?.widget()), []);
  if (!rating) return null;
  const score = numberFormat(locale, { maximumFractionDigits: 1 });
  const text = t('rating.summary', {
    count: rating.totalReviews,
    score: score.format(rating.score),
    max: score.format(rating.scoreMax),
    total: numberFormat(locale).format(rating.totalReviews),
  });
  const body = (
    <>
      <span className="visually-hidden">{t('rating.label')} </span>
      <span aria-hidden="true" className="rating__star">★</span> {text}
    </>
  );
  return (
    <p className="rating__text" data-testid={`rating-${place}`}>
      {rating.link ? <a href={rating.link} rel="noopener noreferrer">{body}</a> : body}
    </p>
  );
}
