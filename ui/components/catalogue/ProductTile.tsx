import { useTranslation } from 'react-i18next';
import type { Product } from '../../../core/catalogue/types';
import { imageUrl } from '../../../core/catalogue/image-url';
import { useConfig } from '../../hooks/use-service';
import { Price } from '../common/Price';
import { ProductLinkTo } from './ProductLinkTo';

export function ProductTile({ product }: { product: Product }) {
  const config = useConfig();
  const { t } = useTranslation();
  const src = imageUrl(product.image, config.images.productList, config);
  const inStock = product.stock?.is_in_stock !== false;
  return (
    <li className="product-tile" data-sku={product.sku}>
      <ProductLinkTo product={product}>
        {src ? (
          // alt="": the link's text already names the product (axe image-redundant-alt)
          <img src={src} alt="" width={config.images.productList.width} height={config.images.productList.height} loading="lazy" />
        ) : (
          <div className="product-tile__noimage" aria-hidden="true" />
        )}
        <span className="product-tile__name">{product.name}</span>
      </ProductLinkTo>
      <Price product={product} />
      {!inStock && <span className="product-tile__stock">{t('product.outOfStock')}</span>}
    </li>
  );
}
