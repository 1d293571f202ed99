import type { FormHTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormApi, FormValues } from '../../hooks/use-form';
import type { ServerAction } from '../../hooks/use-server-action';

interface FieldProps<V extends FormValues> {
  form: FormApi<V>;
  name: keyof V & string;
  label: string;
  type?: string;
  autoComplete?: string;
  required?: boolean;
  hint?: ReactNode;
}

/** The error line under a field: announced politely, tied to the input by aria-describedby. */
export function FieldError({ id, text }: { id: string; text: string | undefined }) {
  return (
    <p id={id} className="field__error" aria-live="polite">
      {text}
    </p>
  );
}

/** What every field's control shares: id, name, change and blur told to the form, its translated error, aria state. */
export function useFieldControl<V extends FormValues>(form: FormApi<V>, name: keyof V & string, required?: boolean) {
  const { t } = useTranslation();
  const id = form.inputId(name);
  const e = form.error(name);
  const error = e ? t(e.key, (e.params ?? {}) as Record<string, unknown>) : undefined;
  const control = {
    id,
    name,
    onChange: form.onChange(name),
    onBlur: () => form.touch(name),
    'aria-invalid': error ? true : undefined,
    'aria-required': required ? true : undefined,
  };
  return { id, error, control };
}

/** A field's label, with the required mark. */
export function FieldLabel({ id, label, required }: { id: string; label: ReactNode; required?: boolean | undefined }) {
  return (
    <label htmlFor={id}>
      {label}
      {required ? <span aria-hidden="true"> *</span> : null}
    </label>
  );
}

/** A labelled text input with inline validation (spec transactions §5 form rules, from the core). */
export function Field<V extends FormValues>({ form, name, label, type = 'text', autoComplete, required, hint }: FieldProps<V>) {
  const { id, error, control } = useFieldControl(form, name, required);
  // the hint gives way to the error (the password rule would otherwise be read and shown twice)
  const showHint = hint && !error;
  const describedBy = [`${id}-error`, showHint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  const Tag = type === 'textarea' ? 'textarea' : 'input';
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <FieldLabel id={id} label={label} required={required} />
      <Tag
        {...control}
        {...(Tag === 'input' ? { type } : { rows: 5 })}
        value={String(form.values[name] ?? '')}
        aria-describedby={describedBy}
        {...(autoComplete ? { autoComplete } : {})}
      />
      {showHint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} text={error} />
    </div>
  );
}

type FormProps<V extends FormValues> = Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit'> & {
  form: FormApi<V>;
  onSubmit: (values: V) => void | Promise<void>;
};

/** A form over useForm: the core's rules answer inline (the browser's own check off); `onSubmit` once they pass. */
export function Form<V extends FormValues>({ form, onSubmit, className, ...rest }: FormProps<V>) {
  const classes = className ? `form ${className}` : 'form';
  return <form noValidate className={classes} onSubmit={form.submit(onSubmit)} {...rest} />;
}

/** A form-level message (server error, success): role=alert for errors, status otherwise. */
export function FormMessage({ kind, children }: { kind: 'error' | 'success' | 'info'; children: ReactNode }) {
  if (!children) return null;
  return (
    <p className={`form-message form-message--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}

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
