import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Product } from '../../../core/catalogue/types';
import { productLink } from '../../../core/routing/links';
import { useConfig } from '../../hooks/use-service';

export function ProductLinkTo({ product, children }: { product: Product; children: ReactNode }) {
  const config = useConfig();
  return <Link to={productLink(product, config)}>{children}</Link>;
}
