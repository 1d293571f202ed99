import { useTranslation } from 'react-i18next';
import type { SortKey } from '../../../core/config';
import { useConfig } from '../../hooks/use-service';

/** spec catalogue §9: the four sort options (best sold, latest, price low to high, price high to low). */
export function SortSelect({ value, onChange }: { value: SortKey; onChange: (key: SortKey) => void }) {
  const { t } = useTranslation();
  const config = useConfig();
  return (
    <label className="sort-select">
      <span>{t('category.sortBy')}</span>
      <select value={value} onChange={(e) => onChange(e.target.value as SortKey)}>
        {config.sortOptions.map((o) => (
          <option key={o.key} value={o.key}>
            {t(o.label)}
          </option>
        ))}
      </select>
    </label>
  );
}
