/** The catalogue half of the SDK: every public rule, service and type (re-exported from core/index.ts). */
export * from './types';
export * from './search-query';
export * from './filters';
export * from './variants';
export * from './prices';
export * from './categories';
export * from './attributes';
export * from './cms-service';
export * from './price-sync';
export * from './stock-sync';
export * from './catalogue-cache';
export * from './product-service';
export * from './category-service';
export * from './search-service';
export * from './image-url';
