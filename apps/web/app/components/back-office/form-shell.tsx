import { Group, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { shownFieldsOf } from '../../lib/form-errors';
import type { AppForm } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n-react';
import type { FormValues } from '../../lib/validators';
import { FormErrorAlert } from '../admin-ui';
import { SubmitButton } from '../submit-button';
import { useUnsavedChangesGuard } from './unsaved-changes';

/**
 * The back office's one create/edit form frame (decision 013), around a `useAppForm` form:
 *
 * - submit state: the button spins while the save runs and a second submit is ignored;
 * - a refusal: field errors from the answer's `errors` go next to their inputs (applyServerErrors),
 *   the rest in one alert with translated text only;
 * - success: a toast (bottom right, clear of the page header's buttons), then `onSaved`;
 * - a dirty-state guard: leaving the page with unsaved changes (a link, the back button) asks first
 *   in a modal; closing or reloading the tab gets the browser's own question (`beforeunload`).
 */
export interface FormShellProps<V extends FormValues, R> {
  form: AppForm<V>;
  /** Sends the values; its rejection is the API's refusal. */
  onSubmit: (values: V) => Promise<R>;
  /** After a successful save and its toast, e.g. navigate to the saved row. */
  onSaved?: (result: R) => void;
  /** Where to go once saved (after `onSaved`): the list, or the saved record's page. */
  then?: string | ((result: R) => string);
  /** The toast's line under "Saved" (usually the saved row's name). */
  savedMessage?: (result: R) => string | undefined;
  submitLabel: ReactNode;
  /**
   * Labels of fields the alert may name when their error has no input on the form (default: the
   * labels the form was made with).
   */
  labels?: Partial<Record<string, string>>;
  /** Further buttons left of the submit button (cancel …). */
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
}

export function FormShell<V extends FormValues, R>({
  form,
  onSubmit,
  onSaved,
  then,
  savedMessage,
  submitLabel,
  labels = form.labels,
  actions,
  children,
  testId,
}: FormShellProps<V, R>) {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const submitting = useRef(false);
  const guard = useUnsavedChangesGuard(form.isDirty);

  const submit = async (values: V) => {
    if (submitting.current) return;
    submitting.current = true;
    setPending(true);
    setError(null);
    try {
      const result = await onSubmit(values);
      guard.allowLeave();
      form.resetDirty(values);
      notifications.show({
        color: 'teal',
        title: t('form.saved'),
        message: savedMessage?.(result) ?? '',
        'data-testid': 'saved-toast',
      } as Parameters<typeof notifications.show>[0]);
      onSaved?.(result);
      if (then !== undefined) void navigate(typeof then === 'string' ? then : then(result));
    } catch (caught) {
      form.applyServerErrors(caught);
      setError(caught);
    } finally {
      submitting.current = false;
      setPending(false);
    }
  };

  return (
    <form noValidate onSubmit={form.onSubmit((values) => void submit(values))} data-testid={testId}>
      <Stack gap="md">
        {error ? (
          <FormErrorAlert error={error} shownFields={shownFieldsOf(form.getValues())} labels={labels} />
        ) : null}
        {children}
        <Group justify="flex-end">
          {actions}
          <SubmitButton loading={pending} data-testid="form-submit">
            {submitLabel}
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
