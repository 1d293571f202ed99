import type { AttributeMetadata } from '../catalogue/types';

/** Attribute search (spec catalogue §7): by attribute_code or attribute_id, optional user-defined / visible filters, size 150. */
export interface AttributeQuery {
  readonly codes?: readonly string[];
  readonly ids?: readonly (string | number)[];
  readonly onlyUserDefined?: boolean;
  readonly onlyVisible?: boolean;
  readonly size?: number;
}

export interface AttributeApi {
  list(query: AttributeQuery): Promise<AttributeMetadata[]>;
}
