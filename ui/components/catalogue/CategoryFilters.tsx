import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AvailableFilters } from '../../../core/catalogue/filters';
import { isFilterChosen } from '../../../core/catalogue/filters';
import type { ChosenFilters, FilterOption } from '../../../core/catalogue/types';

/** spec catalogue §3.4, §4.4, §9: the filters offered from the aggregations, each a toggle pressed when chosen. */
export function CategoryFilters({ available, chosen, onToggle, onClear }: { available: AvailableFilters; chosen: ChosenFilters; onToggle: (o: FilterOption) => void; onClear: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const groups = Object.entries(available).filter(([, options]) => options.length > 0);
  const anyChosen = Object.entries(chosen).some(([type, list]) => type !== 'sort' && list.length > 0);
  if (!groups.length) return null;
  return (
    <aside className={`filters${open ? ' filters--open' : ''}`} aria-label={t('category.filters')}>
      <h2 className="filters__title">{t('category.filters')}</h2>
      <button type="button" className="button button--secondary filters__toggle" aria-expanded={open} aria-controls="filters-body" onClick={() => setOpen(!open)}>
        {t('category.filters')}
      </button>
      <div className="filters__body" id="filters-body">
      {groups.map(([type, options]) => (
        <fieldset key={type} className={`filters__group filters__group--${type}`} data-filter={type}>
          <legend>{t(`filters.${type}`, { defaultValue: type })}</legend>
          <ul>
            {options.map((o) => {
              const pressed = isFilterChosen(chosen, o);
              return (
                <li key={String(o.id)}>
                  <button
                    type="button"
                    className={`filter-option${pressed ? ' filter-option--chosen' : ''}`}
                    aria-pressed={pressed}
                    data-option={String(o.id)}
                    // a colour's swatch is the button's ::before (ui/styles.css)
                    data-color={type === 'color' ? o.label.toLowerCase() : undefined}
                    onClick={() => onToggle(o)}
                  >
                    <span className="filter-option__label">{o.label}</span>
                    <span className="filter-option__count">({o.count})</span>
                  </button>
                </li>
              );
            })}
          </ul>
        </fieldset>
      ))}
      {anyChosen && (
        <button type="button" className="button button--link" onClick={onClear}>
          {t('category.clearFilters')}
        </button>
      )}
      </div>
    </aside>
  );
}
