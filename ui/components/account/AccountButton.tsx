import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { SessionService } from '../../../core/user/session-service';
import { ModalService } from '../../../core/ui-state/modal-service';
import { useContext } from 'react';
import { ContainerContext } from '../../hooks/use-service';
import { TX } from '../../../adapters/wiring';
import { ensureTransactions } from '../../app/transactions';

/** The header account icon (spec transactions §2): logged in → /my-account, else the login modal. */
export function AccountButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const container = useContext(ContainerContext);
  return (
    <Link
      to="/my-account"
      className="header__account"
      onClick={(e) => {
        if (!container?.isBound(ModalService)) return;
        e.preventDefault();
        void ensureTransactions()
          .catch(() => undefined)
          .then(() => {
            if (!container.isBound(TX.Session) || container.get<SessionService>(TX.Session).isLoggedIn()) navigate('/my-account');
            else container.get(ModalService).openAuth('login');
          });
      }}
    >
      <svg className="icon" width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path fill="currentColor" d="M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10zm0 2c-4.4 0-8 2.2-8 5v3h16v-3c0-2.8-3.6-5-8-5z" />
      </svg>
      <span>{t('header.account')}</span>
    </Link>
  );
}
