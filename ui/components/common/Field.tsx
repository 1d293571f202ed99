import type { InputHTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormApi, FormValues } from '../../hooks/use-form';

// SelectField and CheckboxField are ./ChoiceFields.tsx: the footer's newsletter form (first load) needs only Field and
// FormMessage, and esbuild puts a whole module where its first importer's chunk is (issue 10).

interface FieldProps<V extends FormValues> {
  form: FormApi<V>;
  name: keyof V & string;
  label: string;
  type?: string;
  autoComplete?: string;
  required?: boolean;
  hint?: ReactNode;
  inputProps?: InputHTMLAttributes<HTMLInputElement>;
}

/** The error line under a field: announced politely, tied to the input by aria-describedby. */
export function FieldError({ id, text }: { id: string; text: string | undefined }) {
  return (
    <p id={id} className="field__error" aria-live="polite">
      {text}
    </p>
  );
}

export function useFieldError<V extends FormValues>(form: FormApi<V>, name: keyof V & string): string | undefined {
  const { t } = useTranslation();
  const e = form.error(name);
  return e ? t(e.key, (e.params ?? {}) as Record<string, unknown>) : undefined;
}

/** A labelled text input with inline validation (spec transactions §5 form rules, from the core). */
export function Field<V extends FormValues>({ form, name, label, type = 'text', autoComplete, required, hint, inputProps }: FieldProps<V>) {
  const id = form.inputId(name);
  const error = useFieldError(form, name);
  // the hint gives way to the error (the password rule would otherwise be read and shown twice)
  const showHint = hint && !error;
  const describedBy = [`${id}-error`, showHint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  const Tag = type === 'textarea' ? 'textarea' : 'input';
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <Tag
        id={id}
        name={name}
        {...(Tag === 'input' ? { type } : { rows: 5 })}
        value={String(form.values[name] ?? '')}
        onChange={form.onChange(name)}
        onBlur={() => form.touch(name)}
        aria-invalid={error ? true : undefined}
        aria-required={required ? true : undefined}
        aria-describedby={describedBy}
        {...(autoComplete ? { autoComplete } : {})}
        {...(inputProps as object)}
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

/** A form-level message (server error, success): role=alert for errors, status otherwise. */
export function FormMessage({ kind, children }: { kind: 'error' | 'success' | 'info'; children: ReactNode }) {
  if (!children) return null;
  return (
    <p className={`form-message form-message--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}
