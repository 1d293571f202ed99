import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { routePath } from '../../../core/routing/routes';
import { useSkuList, type ListKind } from '../../hooks/use-lists';

/** A header link to the wishlist or the compare list with its count (spec catalogue §1). */
export function ListLink({ kind }: { kind: ListKind }) {
  const { t } = useTranslation();
  const { state } = useSkuList(kind);
  // the lists live in the browser's storage: no count until one is loaded
  const known = state.loaded;
  const count = known ? state.items.length : 0;
  return (
    <Link
      to={routePath(kind)}
      className={`header__list header__list--${kind}`}
      // the name starts with the visible label ("Verlanglijst, 2 producten"): speech users say what they see
      aria-label={known ? t(`lists.${kind}.link`, { count }) : undefined}
    >
      <span className="header__list-icon" aria-hidden="true">
        {kind === 'wishlist' ? '♡' : '⇄'}
      </span>
      <span className="header__list-label">{t(`lists.${kind}.toggle`)}</span>
      {count > 0 ? (
        <span className="badge" data-testid={`${kind}-count`} aria-hidden="true">
          {count}
        </span>
      ) : null}
    </Link>
  );
}
