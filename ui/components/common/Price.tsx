import type { Product } from '../../../core/catalogue/types';
import { priceDisplay } from '../../../core/catalogue/prices';
import { useConfig } from '../../hooks/use-service';
import { useLocale } from '../../hooks/use-locale';
import { useClock } from '../../hooks/use-clock';

/** A product's price; while a special price applies (catalogue §3.1) the regular one is struck through. */
export function Price({ product }: { product: Product }) {
  const config = useConfig();
  const locale = useLocale();
  const p = priceDisplay(product, useClock().now(), locale, config);
  return (
    <span className="price">
      {p.special !== undefined ? (
        <>
          <del className="price__regular">{p.regular}</del> <ins className="price__special">{p.special}</ins>
        </>
      ) : (
        <span className="price__regular">{p.regular}</span>
      )}
    </span>
  );
}
