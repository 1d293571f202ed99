/**
 * Attributes (spec catalogue §3.3, §5, §7, §9): by code and by id, a blacklist of unknown codes and a labels cache.
 * With a Storage they are persisted (collection 'attributes', keys 'code:{code}', 'id:{id}') and read there before the
 * API, so labels show offline, unless config.catalogue.disablePersistentAttributeCache.
 */
import { ownEntry } from '../dictionary';
import { StateHolder } from '../state-holder';
import type { ShopConfig } from '../config';
import type { AttributeApi, AttributeQuery } from '../ports/attribute-api';
import type { Logger } from '../ports/logger';
import { STORAGE_COLLECTIONS, type Storage } from '../ports/storage';
import type { AttributeMetadata, ConfigurableItemOption, Product } from './types';

export interface AttributeState {
  readonly byCode: Readonly<Record<string, AttributeMetadata>>;
  readonly byId: Readonly<Record<string, AttributeMetadata>>;
  readonly blacklist: readonly string[];
  /** '{code}:{value}' -> label */
  readonly labels: Readonly<Record<string, string>>;
}

export const EMPTY_ATTRIBUTES: AttributeState = { byCode: {}, byId: {}, blacklist: [], labels: {} };

/** spec catalogue §5: which codes still need loading (no dots, not loaded, not blacklisted, once each). */
export function attributeCodesToLoad(codes: readonly string[], state: AttributeState): string[] {
  const known = (code: string) => ownEntry(state.byCode, code) || state.blacklist.includes(code);
  return [...new Set(codes)].filter((code) => code && !code.includes('.') && !known(code));
}

/** Add loaded attributes; requested codes that did not come back are blacklisted. */
export function addAttributes(state: AttributeState, loaded: readonly AttributeMetadata[], requested: readonly string[] = []): AttributeState {
  // fromEntries defines own entries: a code '__proto__' is an entry, never the dictionary's prototype
  const byCode = { ...state.byCode, ...Object.fromEntries(loaded.map((a) => [a.attribute_code, a])) };
  const byId = { ...state.byId, ...Object.fromEntries(loaded.map((a) => [String(a.attribute_id), a])) };
  const labels = { ...state.labels, ...Object.fromEntries(loaded.flatMap((a) => (a.options ?? []).map((o) => [`${a.attribute_code}:${o.value}`, o.label]))) };
  const blacklist = [...state.blacklist, ...requested.filter((c) => !ownEntry(byCode, c) && !state.blacklist.includes(c))];
  return { byCode, byId, blacklist, labels };
}

/** The label of an attribute option value (the labels cache), or undefined. */
export function optionLabel(state: AttributeState, code: string, value: unknown): string | undefined {
  return ownEntry(state.labels, `${code}:${String(value)}`);
}

/**
 * spec catalogue §3.3 (attributes by code, labels cache): the label a store view gives an attribute (its
 * metadata's frontend_label), else the fallback (a product's own configurable_options label).
 */
export function attributeLabel(state: AttributeState, code: string, fallback: string): string {
  const a = ownEntry(state.byCode, code);
  return a?.frontend_label || a?.default_frontend_label || fallback;
}

/**
 * A cart line's configurable item option (option_id = attribute id, option_value) in the store view's words: the
 * attribute's label and the option value's label from the metadata, else the line's own label and value.
 */
export function itemOptionLabels(state: AttributeState, option: ConfigurableItemOption) {
  const a = ownEntry(state.byId, String(option.option_id));
  const valueLabel = a ? optionLabel(state, a.attribute_code, option.option_value) : undefined;
  return {
    label: (a ? attributeLabel(state, a.attribute_code, '') : '') || option.label || String(option.option_id),
    value: valueLabel ?? option.value ?? String(option.option_value),
  };
}

/** The attribute codes a product page needs: its configurable options and its metadata. */
export function productAttributeCodes(product: Product): string[] {
  return [
    ...(product.configurable_options ?? []).map((o) => o.attribute_code),
    ...(product.attributes_metadata ?? []).map((a) => a.attribute_code),
  ];
}

export class AttributeService extends StateHolder<AttributeState> {
  private userDefinedLoaded = false;

  /** @param storage optional persistent attribute cache (collection 'attributes') */
  constructor(
    private readonly api: AttributeApi,
    private readonly config: ShopConfig,
    private readonly logger?: Logger,
    private readonly storage?: Storage,
  ) {
    super(EMPTY_ATTRIBUTES);
  }

  private get persistent(): Storage | undefined {
    return this.config.catalogue.disablePersistentAttributeCache ? undefined : this.storage;
  }

  /** Read these keys ('code:x' / 'id:n') from the persistent cache; unreadable entries count as missing. */
  private async fromStorage(keys: readonly string[]): Promise<AttributeMetadata[]> {
    const storage = this.persistent;
    if (!storage || !keys.length) return [];
    const found = await Promise.all(
      keys.map((k) =>
        storage.get<AttributeMetadata>(STORAGE_COLLECTIONS.attributes, k).catch((e: unknown) => {
          this.logger?.warn('Attribute cache read failed', 'attributes', { key: k, error: String(e) });
          return undefined;
        }),
      ),
    );
    return found.filter((a): a is AttributeMetadata => !!a && typeof a === 'object' && typeof a.attribute_code === 'string');
  }

  private async persist(loaded: readonly AttributeMetadata[]): Promise<void> {
    const storage = this.persistent;
    if (!storage) return;
    for (const a of loaded) {
      try {
        await storage.set(STORAGE_COLLECTIONS.attributes, `code:${a.attribute_code}`, a);
        await storage.set(STORAGE_COLLECTIONS.attributes, `id:${a.attribute_id}`, a);
      } catch (e) {
        this.logger?.warn('Attribute cache write failed', 'attributes', { code: a.attribute_code, error: String(e) });
      }
    }
  }

  /**
   * The attributes a server-rendered page brought (hydrated, never loaded by this browser) are kept in the
   * persistent cache as loaded ones are, so a later visit offline still labels its filters ('Rood', not 49).
   */
  async keepHydrated(): Promise<void> {
    await this.persist(Object.values(this.state.value.byCode));
  }
  /** Load the attributes of these codes that are not known yet (size 150). */
  load(codes: readonly string[]): Promise<AttributeState> {
    return this.loadMissing('code', (s) => attributeCodesToLoad(codes, s));
  }

  loadByIds(ids: readonly (string | number)[]): Promise<AttributeState> {
    return this.loadMissing('id', (s) => ids.filter((id) => !ownEntry(s.byId, String(id))));
  }

  /**
   * All user-defined attributes of the store view (spec catalogue §7: the attribute search with the user-defined
   * filter, size 150): the compare table's candidates (its rows are the comparable ones). Asked once per service;
   * a failure keeps what is known and is asked again next time.
   */
  async loadUserDefined(): Promise<AttributeState> {
    if (!this.userDefinedLoaded) this.userDefinedLoaded = await this.ask({ onlyUserDefined: true });
    return this.state.value;
  }

  /** The persistent cache first, then the API for what is still missing (unknown codes are blacklisted). */
  private async loadMissing(kind: 'code' | 'id', missing: (s: AttributeState) => Array<string | number>) {
    let wanted = missing(this.state.value);
    if (!wanted.length) return this.state.value;
    const cached = await this.fromStorage(wanted.map((w) => `${kind}:${w}`));
    if (cached.length) {
      this.state.next(addAttributes(this.state.value, cached));
      wanted = missing(this.state.value);
      if (!wanted.length) return this.state.value;
    }
    const codes = wanted.map(String);
    await (kind === 'code' ? this.ask({ codes }, codes) : this.ask({ ids: wanted }));
    return this.state.value;
  }

  /** One attribute search (true when it answered); a failure is logged and keeps what is known. */
  private async ask(query: AttributeQuery, requested: readonly string[] = []): Promise<boolean> {
    try {
      const loaded = await this.api.list({ ...query, size: this.config.attributes.pageSize });
      this.state.next(addAttributes(this.state.value, loaded, requested));
      await this.persist(loaded);
      return true;
    } catch (e) {
      this.logger?.warn('Attributes could not be loaded', 'attributes', { ...query, error: String(e) });
      return false;
    }
  }

  label(code: string, value: unknown): string | undefined {
    return optionLabel(this.state.value, code, value);
  }
}

/** spec catalogue §7: the attribute search request (by attribute_code or attribute_id, user-defined / visible filters, size 150). */
export function attributeSearchBody(query: AttributeQuery): Record<string, unknown> {
  const must: unknown[] = [];
  if (query.codes?.length) must.push({ terms: { attribute_code: [...query.codes] } });
  if (query.ids?.length) must.push({ terms: { attribute_id: [...query.ids] } });
  if (query.onlyUserDefined) must.push({ terms: { is_user_defined: [true] } });
  if (query.onlyVisible) must.push({ terms: { is_visible: [true] } });
  return must.length ? { query: { bool: { filter: { bool: { must } } } } } : { query: { match_all: {} } };
}
