import { useTranslation } from 'react-i18next';
import type { FormApi, FormValues } from '../../hooks/use-form';
import type { ServerAction } from '../../hooks/use-server-action';
import { Field, FormMessage } from './Field';

/** A form's end: the command's outcome (success, or its error) and the submit button, disabled while it runs. */
export function ActionSubmit({ action, label, disabled }: { action: ServerAction; label: string; disabled?: boolean }) {
  return (
    <>
      <FormMessage kind="success">{action.done}</FormMessage>
      <FormMessage kind="error">{action.error}</FormMessage>
      <button type="submit" className="button button--primary" disabled={action.busy || disabled}>
        {label}
      </button>
    </>
  );
}

/** A new password and its repeat (spec transactions §5), the password rule shown as the hint. */
export function NewPasswordFields<V extends FormValues>({
  form,
  password,
  repeat,
  label,
}: {
  form: FormApi<V>;
  password: keyof V & string;
  repeat: keyof V & string;
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Field form={form} name={password} type="password" label={label} autoComplete="new-password" required hint={t('validation.passwordRule')} />
      <Field form={form} name={repeat} type="password" label={t('auth.passwordRepeat')} autoComplete="new-password" required />
    </>
  );
}
