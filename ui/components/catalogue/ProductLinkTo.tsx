import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Product } from '../../../core/catalogue/types';
import { productPath } from '../../app/links';
import { useConfig } from '../../hooks/use-service';

export function ProductLinkTo({ product, children }: { product: Product; children: ReactNode }) {
  const config = useConfig();
  return <Link to={productPath(product, config)}>{children}</Link>;
}
