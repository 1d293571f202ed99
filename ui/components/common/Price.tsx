import { useTranslation } from 'react-i18next';
import type { Product } from '../../../core/catalogue/types';
import { displayPrice, formatMoney } from '../../app/prices';
import { useConfig } from '../../hooks/use-service';

/** Shows a product's price (and the regular price struck through while a special price applies). */
export function Price({ product }: { product: Product }) {
  const config = useConfig();
  const { i18n } = useTranslation();
  const p = displayPrice(product, config);
  const locale = i18n.language;
  return (
    <span className="price">
      {p.special !== undefined ? (
        <>
          <del className="price__regular">{formatMoney(p.regular, locale, config)}</del>{' '}
          <ins className="price__special">{formatMoney(p.special, locale, config)}</ins>
        </>
      ) : (
        <span className="price__regular">{formatMoney(p.regular, locale, config)}</span>
      )}
    </span>
  );
}
