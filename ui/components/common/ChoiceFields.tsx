import type { ReactNode } from 'react';
import type { FormApi, FormValues } from '../../hooks/use-form';
import { FieldError, FieldLabel, useFieldControl } from './Field';

/** A select and a checkbox with Field's inline validation; their own module, so the footer's form loads neither. */
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
  const { id, error, control } = useFieldControl(form, name, required);
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <FieldLabel id={id} label={label} required={required} />
      <select {...control} value={String(form.values[name] ?? '')} aria-describedby={`${id}-error`}>
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
  const { id, error, control } = useFieldControl(form, name);
  return (
    <div className={`field field--checkbox${error ? ' field--invalid' : ''}`}>
      <input {...control} type="checkbox" checked={form.values[name] === true} aria-describedby={`${id}-error`} />
      <label htmlFor={id}>{label}</label>
      <FieldError id={`${id}-error`} text={error} />
    </div>
  );
}
