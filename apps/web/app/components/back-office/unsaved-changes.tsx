import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { type ReactNode, useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { useTranslation } from '../../lib/i18n-react';

/**
 * The dirty-state guard of every create/edit form (decision 013, issue 29 "no typed input is lost"):
 * leaving the page with unsaved changes (a link, the back button) asks first in a modal; closing or
 * reloading the tab gets the browser's own question (`beforeunload`).
 *
 * `isDirty` is read when a navigation starts, so it may be the form's own `form.isDirty`. Call
 * `allowLeave()` right before a navigation that follows a save, so the guard lets it through.
 * Render `dialog` once, anywhere in the form's tree.
 */
export function useUnsavedChangesGuard(isDirty: () => boolean): {
  allowLeave: () => void;
  dialog: ReactNode;
} {
  const { t } = useTranslation('common');
  /** Set once saved: the navigation that follows must not be held by the guard. */
  const leaving = useRef(false);
  const dirty = isDirty();

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      !leaving.current &&
      isDirty() &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (!dirty) return;
    // Typing again after a save (the page stayed): guard again.
    leaving.current = false;
    const warn = (event: BeforeUnloadEvent) => {
      if (leaving.current) return;
      event.preventDefault();
      // Older browsers show the question only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const allowLeave = useCallback(() => {
    leaving.current = true;
  }, []);

  const dialog = (
    <Modal
      opened={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
      title={t('form.unsavedTitle')}
      centered
      data-testid="unsaved-modal"
    >
      <Stack gap="md">
        <Text size="sm">{t('form.unsavedText')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
            {t('form.stay')}
          </Button>
          <Button color="red" onClick={() => blocker.proceed?.()}>
            {t('form.leave')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
  return { allowLeave, dialog };
}
