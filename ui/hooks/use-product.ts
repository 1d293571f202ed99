import { ProductService, type ProductState } from '../../core/catalogue/product-service';
import { provideProductMembers } from '../../adapters/wiring-product';
import { useContainer } from './use-catalogue';
import { useObservable } from './use-observable';

// issue 10: the product page's services come with its chunk, which imports this module (adapters/wiring-product.ts)
provideProductMembers();

export function useProductService(): ProductService {
  return useContainer().get(ProductService);
}
export function useProduct(): ProductState {
  return useObservable(useProductService());
}
