/** Catalogue entities (spec catalogue §3). Wire names keep the spec's spelling. */

export type ProductType = 'simple' | 'configurable' | 'grouped' | 'bundle' | 'virtual' | 'downloadable';

export interface StockItem {
  is_in_stock: boolean;
  qty?: number;
  product_id?: number | string;
  manage_stock?: boolean;
}

export interface MediaGalleryEntry {
  image: string;
  pos?: number;
  typ?: string;
  lab?: string | null;
}

export interface PriceFields {
  price?: number;
  price_incl_tax?: number;
  original_price?: number;
  original_price_incl_tax?: number;
  special_price?: number | null;
  special_price_incl_tax?: number | null;
  final_price?: number;
  final_price_incl_tax?: number;
  original_final_price?: number;
  special_from_date?: string | null;
  special_to_date?: string | null;
  price_is_current?: boolean;
  price_refreshed_at?: string;
  tier_prices?: Array<{ customer_group_id: number; qty: number; value: number }>;
}

export interface ConfigurableOptionValue {
  value_index: number | string;
  label: string;
}

export interface ConfigurableOption {
  id?: number;
  attribute_id: number | string;
  attribute_code: string;
  label: string;
  position?: number;
  values: ConfigurableOptionValue[];
}

/** A configurable's child: its own id, sku and prices, and the product fields a variant has of its own. */
export interface ConfigurableChild extends PriceFields, Partial<Pick<Product, ChildField>> {
  id: number | string;
  sku: string;
  custom_attributes?: Array<{ attribute_code: string; value: unknown }>;
  [attribute: string]: unknown;
}
type ChildField = 'name' | 'status' | 'visibility' | 'stock' | 'image' | 'thumbnail' | 'small_image' | 'color' | 'size';

export interface BundleProductLink {
  id: number | string;
  sku: string;
  qty: number;
  is_default: boolean;
  price?: number;
  /** 1/true: the shopper may change the qty of this link (single-choice options) */
  selection_can_change_quantity?: number | boolean | string;
  position?: number;
  product?: Product;
}

export interface BundleOption {
  option_id: number;
  title?: string;
  required?: boolean;
  type?: string;
  position?: number;
  product_links: BundleProductLink[];
}

export interface ProductLink {
  link_type: string;
  linked_product_type: string;
  linked_product_sku: string;
  sku: string;
  qty?: number;
  is_default?: boolean;
  id?: number | string;
  position?: number;
  product?: Product;
}

export interface CustomOptionValue {
  option_id: number;
  option_type_id: number;
  option_value?: string;
  title?: string;
  price_type: 'fixed' | 'percent';
  price: number;
}

export interface CustomOption {
  option_id: number;
  title: string;
  type: string;
  is_require?: boolean;
  price?: number;
  price_type?: 'fixed' | 'percent';
  values?: CustomOptionValue[];
}

export interface ConfigurableItemOption {
  option_id: string | number;
  option_value: string | number;
  label?: string;
  value?: string;
}

export interface BundleOptionSelection {
  option_id: number;
  /** the chosen link's quantity (single-choice options); spec catalogue §4.4: used only when 0 or more */
  option_qty: number;
  option_selections: Array<number | string>;
}

export interface ProductOption {
  extension_attributes: {
    custom_options: Array<{ option_id: number; option_value: string | number }>;
    configurable_item_options: ConfigurableItemOption[];
    bundle_options: BundleOptionSelection[];
  };
}

export interface CategoryRef {
  category_id: number;
  name?: string;
  slug?: string;
  path?: string;
}

export interface AttributeMetadata {
  attribute_id: number | string;
  attribute_code: string;
  frontend_label?: string;
  default_frontend_label?: string;
  options?: Array<{ label: string; value: string | number }>;
  is_user_defined?: boolean;
  is_visible?: boolean;
  is_comparable?: boolean;
  is_visible_on_front?: boolean;
  position?: number;
}

export interface Product extends PriceFields {
  id: number | string;
  sku: string;
  parentSku?: string;
  parentId?: number | string;
  name: string;
  slug?: string;
  url_key?: string;
  url_path?: string;
  image?: string;
  thumbnail?: string;
  small_image?: string;
  media_gallery?: MediaGalleryEntry[];
  type_id: ProductType;
  status?: number;
  visibility?: number;
  category_ids?: Array<number | string>;
  category?: CategoryRef[];
  qty?: number;
  stock?: StockItem;
  created_at?: string;
  updated_at?: string;
  description?: string;
  short_description?: string;
  errors?: Record<string, string>;
  info?: Record<string, string>;
  is_configured?: boolean;
  attributes_metadata?: AttributeMetadata[];
  custom_options?: CustomOption[];
  configurable_options?: ConfigurableOption[];
  configurable_children?: ConfigurableChild[];
  bundle_options?: BundleOption[];
  product_links?: ProductLink[];
  product_option?: ProductOption;
  color?: number | string;
  size?: number | string;
  erin_recommends?: number | string;
  color_options?: Array<number | string>;
  size_options?: Array<number | string>;
  [attribute: string]: unknown;
}

export interface Category {
  id: number;
  parent_id: number;
  parent_ids?: number[];
  level: number;
  name: string;
  is_active: boolean;
  product_count?: number;
  position: number;
  path: string;
  url_key: string;
  url_path: string;
  slug: string;
  children_data?: Category[];
  children_count?: number | string;
  description?: string;
}

export interface MenuItem {
  id: number;
  name: string;
  link: string;
  count: number;
  position: number;
  path: string;
  children_data: MenuItem[];
}

/** Aggregation answer, as Elasticsearch shapes it */
export interface AggregationBucket {
  key: string | number;
  doc_count: number;
  from?: number;
  to?: number;
}
export type Aggregations = Record<string, { buckets: AggregationBucket[] }>;

/** spec catalogue §3.4 */
export interface SearchResult<T> {
  items: T[];
  total: number;
  start: number;
  perPage: number;
  aggregations: Aggregations;
  suggestions?: unknown;
  attributeMetadata?: AttributeMetadata[];
  cache?: boolean;
  offline?: boolean;
  noresults?: boolean;
}

// Search query (spec catalogue §3.4)

/** Filter operators of spec catalogue §3.4, with their `or`-variants (the clause joins the query's OR group). */
export const FILTER_OPERATORS = [
  'eq', 'in', 'neq', 'nin', 'gt', 'lt', 'gte', 'lte', 'moreq', 'from', 'to',
  'or', 'nor', 'orEq', 'orIn', 'orNeq', 'orNin', 'orGt', 'orLt', 'orGte', 'orLte', 'orMoreq', 'orFrom', 'orTo',
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

export type FilterScalar = string | number | boolean;
/** `{ in: [2,3,4] }`, `{ gte: 50, lt: 100 }`, `{ eq: 5 }` ... */
export type FilterValue = Partial<Record<FilterOperator, FilterScalar | readonly FilterScalar[]>>;

/** spec catalogue §3.4: query filter entry (attribute, value, scope default or catalog) */
export interface QueryFilter {
  readonly attribute: string;
  readonly value: FilterValue;
  /** 'default': plain filter; 'catalog': attribute filter also matching `{attribute}_options` of configurables */
  readonly scope?: 'default' | 'catalog';
}

/** spec catalogue §3.4: a filter option the shopper can choose (id, label, type, from, to, single, attribute_code) */
export interface FilterOption {
  readonly id: string | number;
  readonly label: string;
  /** attribute code of the filter it belongs to ('color', 'price', 'sort' ...) */
  readonly type: string;
  readonly attribute_code?: string;
  readonly from?: number;
  readonly to?: number;
  /** single-choice filter: choosing replaces the chosen value */
  readonly single?: boolean;
}

/** Chosen filters, keyed by filter type (attribute code), each a list of options. */
export type ChosenFilters = Readonly<Record<string, readonly FilterOption[]>>;

/** spec catalogue §3.4: applied sort, field plus options */
export interface AppliedSort {
  readonly field: string;
  readonly options?: { readonly order: 'asc' | 'desc' };
}

// CMS (spec catalogue §3.5)
export interface CmsBlock {
  id: number | string;
  identifier: string;
  title?: string;
  content?: string;
  [field: string]: unknown;
}
export interface CmsPage extends CmsBlock {
  meta_title?: string;
  meta_description?: string;
  meta_keywords?: string;
}

// Breadcrumbs and the catalogue state (spec catalogue §3.6)
export interface Breadcrumb {
  name: string;
  /** route path; undefined for the current page */
  link?: string;
}

export type ProductList = Pick<SearchResult<Product>, 'start' | 'perPage' | 'total' | 'items'>;

/** Selected configurable options: attribute_code -> value_index (spec catalogue §3.6 current configuration). */
export type ProductConfiguration = Readonly<Record<string, { readonly attribute_code: string; readonly id: number | string; readonly label: string }>>;
