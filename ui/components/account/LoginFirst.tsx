import { useTranslation } from 'react-i18next';
import { ModalService } from '../../../core/ui-state/modal-service';
import { useService } from '../../hooks/use-service';

/** An account page for a shopper who is not logged in: its title, that it needs a login, and the login button. */
export function LoginFirst({ className, title }: { className: string; title: string }) {
  const { t } = useTranslation();
  const modals = useService(ModalService);
  return (
    <section className={className}>
      <h1>{title}</h1>
      <p>{t('common.mustBeLoggedIn')}</p>
      <button type="button" className="button button--primary" onClick={() => modals.openAuth('login')}>
        {t('auth.login')}
      </button>
    </section>
  );
}
