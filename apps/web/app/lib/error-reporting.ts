import { notifications } from '@mantine/notifications';
import { ApiError } from './api-error';

type Translate = (key: string, options?: Record<string, unknown>) => string;
type Exists = (key: string) => boolean;

let translator: { t: Translate; exists: Exists } | null = null;

/** The app registers its current translate function, so reports outside React speak its language. */
export function setErrorTranslator(t: Translate, exists: Exists) {
  translator = { t, exists };
}

/** The user-facing text of an error: its key's translation, else the generic one. */
export function describeError(error: unknown): { title: string; message: string } {
  const t = translator?.t ?? ((key: string) => key);
  const exists = translator?.exists ?? (() => false);
  const key = error instanceof ApiError ? error.key : 'INTERNAL_ERROR';
  const messageKey = `errors:api.${key}`;
  const message = exists(messageKey) ? t(messageKey) : t('errors:api.generic');
  return { title: t('errors:api.title'), message };
}

/** Seed-spec §8: failed answers are logged and reported (a notification) with code, message and key. */
export function reportError(error: unknown, context?: string) {
  if (error instanceof ApiError) {
    console.error(`${context ? `${context}: ` : ''}${error.code} ${error.key} ${error.message}`);
  } else {
    console.error(context ?? 'Unexpected error', error);
  }
  if (typeof window === 'undefined') return;
  const { title, message } = describeError(error);
  notifications.show({
    color: 'red',
    title,
    message,
    autoClose: 8000,
    withBorder: true,
  });
}
