import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../hooks/use-service';

export function Header() {
  const { t } = useTranslation();
  const config = useConfig();
  return (
    <header className="header">
      <Link to="/" className="header__logo" aria-label={t('header.logo')}>
        {config.shop.name}
      </Link>
      <nav className="header__actions" aria-label={t('header.menu')}>
        <Link to="/my-account" className="header__account">
          {t('header.account')}
        </Link>
      </nav>
    </header>
  );
}
