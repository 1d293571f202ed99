import { useCallback, useId, useState, type ChangeEvent, type FormEvent } from 'react';
import type { FieldError, FieldResult } from '../../core/checkout/field-rules';

export type FormValues = Record<string, string | boolean>;

export interface FormApi<V extends FormValues> {
  readonly id: string;
  readonly values: V;
  /** the error to show: only once the field was left or a submit was tried */
  error(name: keyof V & string): FieldError | undefined;
  setAll(values: Partial<V>): void;
  touch(name: keyof V & string): void;
  inputId(name: keyof V & string): string;
  onChange(name: keyof V & string): (e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => void;
  /** validates everything; on errors focuses the first failing field and does not call the handler */
  submit(handler: (values: V) => void | Promise<void>): (e?: FormEvent) => void;
  reset(values?: V): void;
}

/** The core's check of each field: its error, or null when it passes. */
type Checks<V extends FormValues> = Partial<Record<keyof V & string, FieldResult>>;

/** A form over the core's checks (`validate` runs every render); errors show once a field is left or a submit tried. */
export function useForm<V extends FormValues>(initial: V, validate: (values: V) => Checks<V>): FormApi<V> {
  const id = useId().replace(/:/g, '');
  const [values, setValues] = useState<V>(initial);
  const [touched, setTouched] = useState<Partial<Record<keyof V, boolean>>>({});
  const [dirty, setDirty] = useState<Partial<Record<keyof V, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const errors = validate(values);
  const inputId = useCallback((name: keyof V & string) => `${id}-${name}`, [id]);

  const setAll = useCallback((patch: Partial<V>) => setValues((v) => ({ ...v, ...patch })), []);
  // leaving a field shows its error only once something was typed in it (tabbing through shows none)
  const touch = useCallback(
    (name: keyof V & string) => {
      if (dirty[name]) setTouched((t) => (t[name] ? t : { ...t, [name]: true }));
    },
    [dirty],
  );

  return {
    id,
    values,
    error: (name) => (touched[name] || submitted ? (errors[name] ?? undefined) : undefined),
    setAll,
    touch,
    inputId,
    onChange: (name) => (e) => {
      const target = e.target;
      const value = target instanceof HTMLInputElement && target.type === 'checkbox' ? target.checked : target.value;
      setValues((v) => ({ ...v, [name]: value }));
      setDirty((d) => (d[name] ? d : { ...d, [name]: true }));
    },
    submit: (handler) => (e) => {
      e?.preventDefault();
      setSubmitted(true);
      const first = (Object.keys(values) as (keyof V & string)[]).find((k) => errors[k]);
      if (first) {
        if (typeof document !== 'undefined') document.getElementById(inputId(first))?.focus();
        return;
      }
      void handler(values);
    },
    reset: (next) => {
      setValues(next ?? initial);
      setTouched({});
      setDirty({});
      setSubmitted(false);
    },
  };
}
