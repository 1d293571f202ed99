import type { ReactNode } from 'react';
import type { FormApi, FormValues } from '../../hooks/use-form';
import { FieldError, useFieldError } from './Field';

/**
 * A select and a checkbox with the same inline validation as ./Field.tsx's Field. A module of their own (issue 10):
 * only the checkout, the account pages and the login modal use them, and a module comes whole with the first page
 * that imports any of it.
 */
export function SelectField<V extends FormValues>({
  form,
  name,
  label,
  options,
  required,
  placeholder,
}: {
  form: FormApi<V>;
  name: keyof V & string;
  label: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  required?: boolean;
  placeholder?: string;
}) {
  const id = form.inputId(name);
  const error = useFieldError(form, name);
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <select
        id={id}
        name={name}
        value={String(form.values[name] ?? '')}
        onChange={form.onChange(name)}
        onBlur={() => form.touch(name)}
        aria-invalid={error ? true : undefined}
        aria-required={required ? true : undefined}
        aria-describedby={`${id}-error`}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`} text={error} />
    </div>
  );
}

export function CheckboxField<V extends FormValues>({ form, name, label }: { form: FormApi<V>; name: keyof V & string; label: ReactNode }) {
  const id = form.inputId(name);
  const error = useFieldError(form, name);
  return (
    <div className={`field field--checkbox${error ? ' field--invalid' : ''}`}>
      <input
        id={id}
        name={name}
        type="checkbox"
        checked={form.values[name] === true}
        onChange={form.onChange(name)}
        onBlur={() => form.touch(name)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-error`}
      />
      <label htmlFor={id}>{label}</label>
      <FieldError id={`${id}-error`} text={error} />
    </div>
  );
}
