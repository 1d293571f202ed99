import { useTranslation } from 'react-i18next';
import type { ConfigurableOption, Product, ProductConfiguration } from '../../../core/catalogue/types';
import { availableOptionValues, outOfStockOptionValues } from '../../../core/catalogue/variants';
import { useConfig, useAttributes } from '../../hooks/use-service';
import { attributeLabel, optionLabel } from '../../../core/catalogue/attributes';

/**
 * spec catalogue §4.2: the configurable options as radio groups. A value no child offers with the other choices is
 * marked unavailable but stays choosable (it answers the 'No such configuration' warning).
 */
export function ConfigurableOptions({
  parent,
  options,
  configuration,
  onChoose,
}: {
  parent: Product;
  options: readonly ConfigurableOption[];
  configuration: ProductConfiguration;
  onChoose: (code: string, value: string | number) => void;
}) {
  const { t } = useTranslation();
  const config = useConfig();
  // attribute labels and option values in the store view's words (attribute metadata), the product's own as fallback
  const attributes = useAttributes();
  const valueLabel = (code: string, value: string | number, own: string) => optionLabel(attributes, code, value) ?? own;
  const selection = { options: Object.fromEntries(Object.entries(configuration).map(([k, v]) => [k, v.id])) };
  const available = availableOptionValues(parent, selection, config);
  // values that lead only to out-of-stock children are marked before the click (seen and read out)
  const outOfStock = outOfStockOptionValues(parent, selection, config);
  return (
    <div className="product-options">
      {options.map((option) => {
        const chosen = configuration[option.attribute_code];
        return (
          <fieldset key={option.attribute_code} className={`product-option product-option--${option.attribute_code}`} data-option={option.attribute_code}>
            <legend>
              {attributeLabel(attributes, option.attribute_code, option.label)}:{' '}
              <strong>{chosen ? valueLabel(option.attribute_code, chosen.id, chosen.label) : t('product.choose')}</strong>
            </legend>
            <div className="product-option__values">
              {option.values.map((v) => {
                const id = `opt-${option.attribute_code}-${v.value_index}`;
                const isAvailable = (available[option.attribute_code] ?? []).some((x) => String(x) === String(v.value_index));
                const checked = chosen !== undefined && String(chosen.id) === String(v.value_index);
                const soldOut = (outOfStock[option.attribute_code] ?? []).some((x) => String(x) === String(v.value_index));
                return (
                  <span
                    key={String(v.value_index)}
                    className={`option-value${isAvailable ? '' : ' option-value--unavailable'}${soldOut ? ' option-value--out-of-stock' : ''}${checked ? ' option-value--checked' : ''}`}
                    data-out-of-stock={soldOut ? 'true' : undefined}
                  >
                    <input
                      type="radio"
                      id={id}
                      name={`option-${option.attribute_code}`}
                      value={String(v.value_index)}
                      checked={checked}
                      onChange={() => onChoose(option.attribute_code, v.value_index)}
                    />
                    <label htmlFor={id} title={!isAvailable ? t('product.unavailableCombination') : soldOut ? t('product.optionOutOfStock') : undefined}>
                      {option.attribute_code === 'color' && <span className="option-value__swatch" data-color={v.label.toLowerCase()} aria-hidden="true" />}
                      {valueLabel(option.attribute_code, v.value_index, v.label)}
                      {!isAvailable && <span className="visually-hidden"> ({t('product.unavailableCombination')})</span>}
                      {isAvailable && soldOut && (
                        <span className="option-value__stock">
                          <span aria-hidden="true">✕</span>
                          <span className="visually-hidden"> ({t('product.optionOutOfStock')})</span>
                        </span>
                      )}
                    </label>
                  </span>
                );
              })}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}
