import type { Category } from '../catalogue/types';

/** Categories (spec catalogue §7: "via catalogue search"), queried through the category index. */
export interface CategoryQuery {
  /** field -> accepted values (id, url_path, slug, parent_id, level, ...) */
  readonly filters?: Readonly<Record<string, string | number | boolean | readonly (string | number | boolean)[]>>;
  readonly size?: number;
  readonly start?: number;
  /** only active categories (default true) */
  readonly onlyActive?: boolean;
  /** only categories with products */
  readonly onlyNotEmpty?: boolean;
  readonly includeFields?: readonly string[];
  readonly excludeFields?: readonly string[];
}

export interface CategoryApi {
  list(query: CategoryQuery): Promise<Category[]>;
}
