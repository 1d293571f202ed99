import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CartService } from '../../../core/cart/cart-service';
import { orderQuantityCheck } from '../../../core/catalogue/order-quantity';
import type { Product } from '../../../core/catalogue/types';
import { TX } from '../../../adapters/wiring';
import { useTransactionGetter } from '../../app/transactions';

/** The quantity field (spec catalogue §5) and the add-to-cart button (the transaction half loaded first if needed). */
export function AddToCart({ product, disabled }: { product: Product; disabled?: boolean }) {
  const { t } = useTranslation();
  const tx = useTransactionGetter();
  const [qty, setQty] = useState('1');
  const [busy, setBusy] = useState(false);
  const error = orderQuantityCheck(product, qty);
  const add = async () => {
    if (busy || error) return;
    setBusy(true);
    try {
      await (await tx<CartService>(TX.Cart))?.addItem(product, Number(qty));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="add-to-cart"
      onSubmit={(e) => {
        e.preventDefault();
        void add();
      }}
    >
      {product.type_id !== 'grouped' && (
        <div className="add-to-cart__qty">
          <label htmlFor="product-qty">{t('product.qty')}</label>
          <input
            id="product-qty"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={qty}
            aria-invalid={!!error}
            aria-describedby={error ? 'product-qty-error' : undefined}
            onChange={(e) => setQty(e.target.value)}
          />
          {error && (
            <p id="product-qty-error" className="field-error" role="alert">
              {t(error.key, error.params)}
            </p>
          )}
        </div>
      )}
      {/* busy: aria-disabled, not disabled: a disabled button drops the keyboard focus to <body> */}
      <button type="submit" className="button button--primary add-to-cart__button" disabled={disabled || !!error} aria-disabled={busy || undefined}>
        {busy ? t('product.adding') : t('product.addToCart')}
      </button>
    </form>
  );
}
