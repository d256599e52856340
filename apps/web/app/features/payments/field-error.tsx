import { Alert } from '@mantine/core';
import { ApiError } from '../../lib/api-error';
import { useTranslation } from '../../lib/i18n-react';

/** The translated message of one field's error in an API refusal (keys in the `messages` namespace). */
export function FieldErrorText({ error, field, block }: { error: unknown; field: string; block?: boolean }) {
  const { t, i18n } = useTranslation('messages');
  const key = error instanceof ApiError ? error.errors?.[field] : undefined;
  if (!key) return null;
  const text = i18n.exists(`messages:${key}`) ? t(key as 'payments.amount_range') : key;
  return block ? (
    <Alert variant="light" color="red" role="alert" data-testid={`error-${field}`}>
      {text}
    </Alert>
  ) : (
    <span data-testid={`error-${field}`}>{text}</span>
  );
}
