import { type UseFormReturnType, useForm } from '@mantine/form';
import { VALIDATION_DEBOUNCE_MS } from '@prepwise/contract';
import { useCallback, useEffect, useRef } from 'react';
import { ApiError } from './api-client';
import { changedErrorFields } from './form-errors';
import { looseT } from './i18n';
import { useTranslation } from './i18n-react';
import {
  type FormValues,
  formatValidationMessage,
  type Rule,
  type ValidationMessage,
  validateValue,
} from './validators';

/*
 * Form errors are kept as message tokens ("common.min_length#8") and translated when rendered, so
 * they follow a language switch and server keys (422 `errors`) read exactly like local ones.
 */
const COUNT_SEPARATOR = '#';

export function encodeMessage(message: ValidationMessage): string {
  return message.count === undefined ? message.key : `${message.key}${COUNT_SEPARATOR}${message.count}`;
}

export function decodeMessage(token: string): ValidationMessage {
  const separator = token.lastIndexOf(COUNT_SEPARATOR);
  if (separator === -1) return { key: token };
  const count = Number(token.slice(separator + 1));
  return Number.isFinite(count) ? { key: token.slice(0, separator), count } : { key: token };
}

export type FormRules<V> = Partial<Record<Extract<keyof V, string> | (string & {}), readonly Rule[]>>;

export interface AppFormOptions<V extends FormValues> {
  initialValues: V;
  /** Rules per field path (`'owner.password'` for nested values). */
  rules?: FormRules<V>;
  /** Field labels for the generic "{field} is not valid." message. */
  labels?: Partial<Record<string, string>>;
}

function readPath(values: FormValues, path: string): unknown {
  return path.split('.').reduce<unknown>((node, part) => (node as FormValues | undefined)?.[part], values);
}

/** Values under a prefix, so `confirmed` finds its sibling field in nested groups. */
function scopeOf(values: FormValues, path: string): FormValues {
  const parent = path.split('.').slice(0, -1).join('.');
  return parent ? ((readPath(values, parent) as FormValues | undefined) ?? {}) : values;
}

export type AppForm<V extends FormValues> = UseFormReturnType<V> & {
  /** Puts the 422 field errors of an API answer on the form; returns whether any field took one. */
  applyServerErrors: (error: unknown) => boolean;
  /** Translated text of a form error, for errors rendered outside an input. */
  errorText: (field: string) => string | undefined;
  /** Validates one field after the short debounce (what blur does). */
  validateSoon: (field: string) => void;
  /** The field labels given to useAppForm (FormShell names them in its alert). */
  labels: Partial<Record<string, string>>;
};

/**
 * A form's first values: the record's where it has one (an edit form), else the defaults (a create
 * form, or a field the record leaves empty).
 */
export function valuesFrom<V extends FormValues>(
  record: { [K in keyof V]?: V[K] | null } | undefined,
  defaults: V,
): V {
  const values = { ...defaults };
  for (const key of Object.keys(defaults) as (keyof V)[]) values[key] = record?.[key] ?? defaults[key];
  return values;
}

/**
 * Mantine's form with the seed-spec §5 rules: each field is validated when it loses focus (the
 * moment a text field's `change` event fires) and when a choice-like input changes, never on
 * each keystroke; calls are debounced by 5 ms.
 */
export function useAppForm<V extends FormValues>({
  initialValues,
  rules = {},
  labels = {},
}: AppFormOptions<V>) {
  const { t, i18n } = useTranslation('messages');
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const formRef = useRef<UseFormReturnType<V> | null>(null);

  const scheduleValidation = useCallback(
    (field: string) => {
      const pending = timers.current.get(field);
      if (pending) clearTimeout(pending);
      timers.current.set(
        field,
        setTimeout(() => {
          timers.current.delete(field);
          if (Object.hasOwn(rules, field)) formRef.current?.validateField(field);
        }, VALIDATION_DEBOUNCE_MS),
      );
    },
    [rules],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
    };
  }, []);

  const translate = (field: string, token: unknown) => {
    if (typeof token !== 'string' || token === '') return token;
    const label = labels[field] ?? t('common.this_field');
    return formatValidationMessage(looseT(t), decodeMessage(token), label, (key) =>
      i18n.exists(key, { ns: 'messages' }),
    );
  };

  const form = useForm<V>({
    mode: 'controlled',
    initialValues,
    // A field that shows an error is checked again as soon as its value changes (a "required"
    // error goes away once the field is filled, not at the next submit); an error the server put
    // on a field (no local rule) goes away once the user changes that field.
    onValuesChange: (values, previous) => {
      const current = formRef.current;
      if (!current) return;
      for (const field of changedErrorFields(current.errors, previous, values)) {
        if (Object.hasOwn(rules, field)) scheduleValidation(field);
        else current.clearFieldError(field);
      }
    },
    validate: (values) => {
      const errors: Record<string, string> = {};
      for (const [field, fieldRules] of Object.entries(rules)) {
        if (!fieldRules) continue;
        const message = validateValue(fieldRules, readPath(values, field), scopeOf(values, field));
        if (message) errors[field] = encodeMessage(message);
      }
      return errors;
    },
    enhanceGetInputProps: ({ field, inputProps, options }) => {
      // Mantine merges these into `inputProps` itself, so keep the original handler first.
      const originalOnChange = inputProps.onChange;
      return {
        error: translate(String(field), inputProps.error),
        onBlur: () => scheduleValidation(String(field)),
        ...(options.type === 'checkbox' || options.validateOnChange
          ? {
              onChange: (event: unknown) => {
                originalOnChange(event);
                scheduleValidation(String(field));
              },
            }
          : {}),
      };
    },
  });
  formRef.current = form;

  const applyServerErrors = (error: unknown): boolean => {
    if (!(error instanceof ApiError) || !error.errors) return false;
    const fieldErrors: Record<string, string> = {};
    for (const [field, key] of Object.entries(error.errors)) {
      if (readPath(form.getValues(), field) !== undefined) fieldErrors[field] = key;
    }
    form.setErrors(fieldErrors);
    return Object.keys(fieldErrors).length > 0;
  };

  /** Translated text of a form error, for errors rendered outside an input (e.g. the code boxes). */
  const errorText = (field: string) => translate(field, form.errors[field]) as string | undefined;

  return Object.assign(form, {
    applyServerErrors,
    errorText,
    validateSoon: scheduleValidation,
    labels,
  }) as AppForm<V>;
}
