import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { AttributeService } from '../../core/catalogue/attributes';
import { compareRows, refreshListItems, type ListItem } from '../../core/user/list-items';
import { TOKENS } from '../../core/ports/tokens';
import type { CatalogueSearch } from '../../core/ports/catalogue-search';
import { Price } from '../components/common/Price';
import { announce } from '../components/common/LiveRegion';
import { keepFocusAfterRemoval, ItemOptions, ListItemLink, ListPage } from '../components/lists/ListProduct';
import { useDocumentTitle } from '../hooks/use-document-title';
import { useSkuList } from '../hooks/use-lists';
import { useConfig, useService, useAttributes } from '../hooks/use-service';
import { useLoaded, useMounted } from '../hooks/use-shell';

function RemoveCell({ item }: { item: ListItem }) {
  const { t } = useTranslation();
  const { service } = useSkuList('compare');
  const cell = useRef<HTMLTableCellElement>(null);
  return (
    <td ref={cell} className="compare-table__remove" data-sku={item.sku}>
      <button
        type="button"
        className="button button--link"
        aria-label={t('lists.removeLabel', { name: item.name })}
        onClick={async () => {
          if (!service) return;
          keepFocusAfterRemoval(cell.current, 'button', '.compare-table__remove');
          await service.remove(item.sku);
          announce(t('lists.compare.removed', { name: item.name }));
        }}
      >
        {t('lists.remove')}
      </button>
    </td>
  );
}

/** The compare list (spec catalogue §1, §3.3): a column per product, a row per attribute; the server renders none. */
export function ComparePage() {
  const { t } = useTranslation();
  const mounted = useMounted();
  const { state, service } = useSkuList('compare');
  const attributes = useAttributes();
  const attributeService = useService(AttributeService);
  const search = useService<CatalogueSearch>(TOKENS.CatalogueSearch);
  const config = useConfig();
  useDocumentTitle(t('lists.compare.title'));
  const hasItems = mounted && state.items.length > 0;
  useEffect(() => {
    if (hasItems) void attributeService.loadUserDefined();
  }, [hasItems, attributeService]);
  // the kept products with the catalogue's current prices and attributes; until they arrive, or offline, as kept
  const refresh = () => (hasItems ? refreshListItems(state.items, search, config) : undefined);
  const fresh = useLoaded(refresh, [hasItems, state.items, search, config]);
  const items = state.items.map((item) => fresh?.find((f) => f.sku === item.sku) ?? item);
  const rows = compareRows(items, attributes);
  return (
    <ListPage kind="compare" ready={mounted && state.loaded} count={items.length}>
      {/* a wide table scrolls on its own: the region is focusable so keyboard users can scroll it too */}
      <div className="compare-table__scroll" role="region" aria-label={t('lists.compare.scrollHint')} tabIndex={0}>
        <table className="compare-table">
          <caption>{t('lists.compare.caption', { count: items.length })}</caption>
          <thead>
            <tr>
              <td />
              {items.map((item) => (
                <th key={item.sku} scope="col" data-sku={item.sku}>
                  <ListItemLink item={item} />
                  <ItemOptions item={item} className="list-item__options" />
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">{t('lists.compare.price')}</th>
              {items.map((item) => (
                <td key={item.sku}>
                  <Price product={item} />
                </td>
              ))}
            </tr>
            {rows.map((row) => (
              <tr key={row.code} data-attribute={row.code}>
                <th scope="row">{row.label}</th>
                {row.values.map((value, i) => (
                  <td key={items[i]!.sku}>
                    {value ?? (
                      <>
                        <span aria-hidden="true">–</span>
                        <span className="visually-hidden">{t('lists.compare.noValue')}</span>
                      </>
                    )}
                  </td>
                ))}
              </tr>
            ))}
            <tr>
              <td />
              {items.map((item) => (
                <RemoveCell key={item.sku} item={item} />
              ))}
            </tr>
          </tbody>
        </table>
      </div>
      <p>
        <button
          type="button"
          className="button button--secondary"
          onClick={async () => {
            if (!service) return;
            await service.clear();
            announce(t('lists.compare.cleared'));
            document.querySelector<HTMLElement>('#main h1')?.focus();
          }}
        >
          {t('lists.compare.clear')}
        </button>
      </p>
    </ListPage>
  );
}
