import { ProductService, type ProductState } from '../../core/catalogue/product-service';
import { PRODUCT } from '../../adapters/wiring-product';
import { useContainer } from './use-catalogue';
import { useObservable } from './use-observable';

/** The product page's service: its part of the wiring comes with the page's chunk, which imports this module. */
export function useProductService(): ProductService {
  // a graph that has the part already (the server's, or a product route's load in the browser) keeps it as it is
  return useContainer().add(PRODUCT).get(ProductService);
}
export function useProduct(): ProductState {
  return useObservable(useProductService());
}
