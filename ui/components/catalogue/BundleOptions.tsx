import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BUNDLE_MAX_LINK_QTY, validBundleQty } from '../../../core/catalogue/bundle';
import { bundleLinkPrice, formatPrice } from '../../../core/catalogue/prices';
import { bundleLinkQtyChangeable, bundleOptionIsMulti } from '../../../core/catalogue/prices';
import type { BundleOption, BundleOptionSelection, BundleProductLink } from '../../../core/catalogue/types';
import { useClock, useConfig, useLocale } from '../../hooks/use-service';

interface Props {
  options: readonly BundleOption[];
  selections: readonly BundleOptionSelection[];
  /** why the selection cannot be added (a message key), if anything */
  problem?: string;
  onChoose: (optionId: number, linkId: number | string | null, checked?: boolean) => void;
  onQty: (optionId: number, qty: string) => void;
}

const inStock = (l: BundleProductLink) => l.product?.stock?.is_in_stock !== false;

/**
 * A bundle's options (spec catalogue §3.1, §4.4): radios or a select per single-choice option ("none" when optional),
 * check boxes for a multi-choice one, a quantity where the chosen link allows it; links out of stock cannot be chosen.
 */
export function BundleOptions({ options, selections, problem, onChoose, onQty }: Props) {
  const { t } = useTranslation();
  if (!options.length) return null;
  return (
    <section className="bundle" aria-labelledby="bundle-heading">
      <h2 id="bundle-heading">{t('product.bundleContents')}</h2>
      {options.map((o) => (
        <BundleOptionField key={o.option_id} option={o} selection={selections.find((s) => String(s.option_id) === String(o.option_id))} onChoose={onChoose} onQty={onQty} />
      ))}
      {problem && (
        <p className="notice notice--warning" role="alert" data-testid="bundle-problem">
          {t(problem)}
        </p>
      )}
    </section>
  );
}

type FieldProps = Pick<Props, 'onChoose' | 'onQty'> & { option: BundleOption; selection?: BundleOptionSelection };

function BundleOptionField({ option, selection, onChoose, onQty }: FieldProps) {
  const { t } = useTranslation();
  const config = useConfig();
  const locale = useLocale();
  const now = useClock().now();
  const title = option.title?.trim() ? option.title : t('product.bundleOption', { n: option.option_id });
  const chosenIds = new Set((selection?.option_selections ?? []).map(String));
  const isChosen = (l: BundleProductLink) => chosenIds.has(String(l.id));
  const base = `bundle-${option.option_id}`;
  const linkText = (l: BundleProductLink) => {
    const price = formatPrice(bundleLinkPrice(l, now, config).final, locale, config);
    const qty = Number(l.qty) > 1 && !bundleLinkQtyChangeable(option, l) ? `${l.qty} × ` : '';
    return `${qty}${l.product?.name ?? l.sku} (${price})${inStock(l) ? '' : ` – ${t('catalogue.outOfStock')}`}`;
  };
  const chosen = option.product_links.find(isChosen);
  const multi = bundleOptionIsMulti(option);
  const choices =
    option.type === 'select' && !multi ? (
      <div className="bundle-option__values">
        <label htmlFor={`${base}-select`} className="visually-hidden">
          {title}
        </label>
        <select
          id={`${base}-select`}
          value={chosen ? String(chosen.id) : ''}
          required={option.required}
          onChange={(e) => onChoose(option.option_id, e.target.value === '' ? null : e.target.value)}
        >
          {/* a required <select> needs its empty placeholder option (HTML), not chosen back once a link is */}
          <option value="" disabled={option.required && !!chosen}>
            {option.required ? t('product.choose') : t('product.bundleNone')}
          </option>
          {option.product_links.map((l) => (
            <option key={String(l.id)} value={String(l.id)} disabled={!inStock(l) && !isChosen(l)}>
              {linkText(l)}
            </option>
          ))}
        </select>
      </div>
    ) : (
      <div className="bundle-option__values">
        {!multi && !option.required && (
          <span className="bundle-option__value">
            <input type="radio" id={`${base}-none`} name={base} checked={!chosen} onChange={() => onChoose(option.option_id, null)} />
            <label htmlFor={`${base}-none`}>{t('product.bundleNone')}</label>
          </span>
        )}
        {option.product_links.map((l) => (
          <span key={String(l.id)} className="bundle-option__value">
            <input
              type={multi ? 'checkbox' : 'radio'}
              id={`${base}-${l.id}`}
              {...(multi ? {} : { name: base, value: String(l.id) })}
              checked={isChosen(l)}
              disabled={!inStock(l) && !isChosen(l)}
              onChange={(e) => onChoose(option.option_id, l.id, multi ? e.target.checked : undefined)}
            />
            <label htmlFor={`${base}-${l.id}`}>{linkText(l)}</label>
          </span>
        ))}
      </div>
    );
  return (
    <fieldset className="bundle-option" data-option-id={option.option_id}>
      <legend>
        {title}
        {option.required ? (
          <span aria-hidden="true"> *</span>
        ) : (
          <span className="bundle-option__optional"> ({t('product.bundleOptional')})</span>
        )}
      </legend>
      {choices}
      {chosen && bundleLinkQtyChangeable(option, chosen) && (
        <BundleQty id={`${base}-qty`} title={title} qty={selection?.option_qty ?? 1} onQty={(q) => onQty(option.option_id, q)} />
      )}
    </fieldset>
  );
}

/** The chosen link's quantity (a whole number from 1): an invalid entry is explained, the last valid one kept. */
function BundleQty({ id, title, qty, onQty }: { id: string; title: string; qty: number; onQty: (qty: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(String(qty));
  useEffect(() => setText(String(qty)), [qty]);
  const invalid = validBundleQty(text) === undefined;
  return (
    <div className="bundle-option__qty">
      <label htmlFor={id}>{t('product.bundleQty', { option: title })}</label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        max={BUNDLE_MAX_LINK_QTY}
        step={1}
        value={text}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-error` : undefined}
        onChange={(e) => {
          setText(e.target.value);
          onQty(e.target.value);
        }}
        onBlur={() => setText(String(qty))}
      />
      {invalid && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {t('product.bundleQtyInvalid', { max: BUNDLE_MAX_LINK_QTY })}
        </p>
      )}
    </div>
  );
}
