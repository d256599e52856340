import { Alert } from '@mantine/core';
import { ApiError } from '../lib/api-error';
import { useTranslation } from '../lib/i18n-react';
import { AlertIcon } from './icons';

/** "5 phút" / "40 giây": the wait of a 429 answer. */
export function useWaitText() {
  const { t } = useTranslation('errors');
  return (seconds: number) =>
    seconds >= 60
      ? t('wait.minutes', { value: Math.ceil(seconds / 60) })
      : t('wait.seconds', { value: Math.max(1, seconds) });
}

/**
 * A failed answer shown inside a form: the translated text of its key (seed-spec §8), the wait of
 * a 429, or the generic text. `messages` overrides the text of particular keys.
 */
export function ApiErrorAlert({
  error,
  messages = {},
  title,
}: {
  error: unknown;
  messages?: Partial<Record<string, string>>;
  title?: string;
}) {
  const { t, i18n } = useTranslation('errors');
  const waitText = useWaitText();
  if (!error) return null;
  const key = error instanceof ApiError ? error.key : 'INTERNAL_ERROR';
  let text = messages[key];
  if (!text && key === 'TOO_MANY_ATTEMPTS' && error instanceof ApiError && error.retryAfter) {
    text = t('api.TOO_MANY_ATTEMPTS_WAIT', { wait: waitText(error.retryAfter) });
  }
  if (!text) {
    text = i18n.exists(`errors:api.${key}`) ? t(`api.${key}` as 'api.generic') : t('api.generic');
  }
  const warning = key === 'ORGANIZATION_PENDING' || key === 'TOO_MANY_ATTEMPTS';
  return (
    <Alert
      color={warning ? 'yellow' : 'red'}
      variant="light"
      icon={<AlertIcon size={18} />}
      title={title}
      role="alert"
      data-testid="form-error"
      data-error-key={key}
    >
      {text}
    </Alert>
  );
}
