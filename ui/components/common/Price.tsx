import type { Product } from '../../../core/catalogue/types';
import { priceDisplay } from '../../../core/catalogue/prices';
import { useClock, useConfig, useLocale } from '../../hooks/use-service';

/** A product's price; while a special price applies (catalogue §3.1) the regular one is struck through. */
export function Price({ product }: { product: Product }) {
  const config = useConfig();
  const locale = useLocale();
  const p = priceDisplay(product, useClock().now(), locale, config);
  // the regular price alone is the price element itself: an element less on each of a category's 50 tiles
  if (p.special === undefined) return <span className="price price__regular">{p.regular}</span>;
  return (
    <span className="price">
      <del className="price__regular">{p.regular}</del> <ins className="price__special">{p.special}</ins>
    </span>
  );
}
