import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef, useState } from 'react';
import { useBlocker } from 'react-router';
import { useTranslation } from '../../lib/i18n-react';

/** One form's question "anything unsaved?" (false once it allowed the leave that follows a save). */
interface Guard {
  dirty: () => boolean;
}

const GuardsContext = createContext<Set<Guard> | null>(null);

/**
 * The app's one navigation blocker for unsaved changes (React Router honours one blocker at a time
 * and warns about a second, so the forms of a page share this one; root.tsx renders it around every
 * page). Leaving the page (a link, the back button) while any registered form is dirty asks first in a
 * modal: "stay" keeps the page and what was typed, "leave" discards it.
 */
export function UnsavedChangesProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  const [guards] = useState(() => new Set<Guard>());
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search) &&
      [...guards].some((guard) => guard.dirty()),
  );
  return (
    <GuardsContext.Provider value={guards}>
      {children}
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
    </GuardsContext.Provider>
  );
}

/**
 * The dirty-state guard of every create/edit form (decision 013, issue 29 "no typed input is lost"):
 * leaving the page with unsaved changes asks first (the modal of {@link UnsavedChangesProvider});
 * closing or reloading the tab gets the browser's own question (`beforeunload`).
 *
 * `isDirty` is read when a navigation starts, so it may be the form's own `form.isDirty`. Call
 * `allowLeave()` right before the navigation that follows a save, so the guard lets it through;
 * typing again afterwards guards again.
 */
export function useUnsavedChangesGuard(isDirty: () => boolean): { allowLeave: () => void } {
  const guards = useContext(GuardsContext);
  /** Set once saved: the navigation that follows must not be held by the guard. */
  const leaving = useRef(false);
  const latest = useRef(isDirty);
  latest.current = isDirty;
  const [guard] = useState<Guard>(() => ({ dirty: () => !leaving.current && latest.current() }));
  const dirty = isDirty();

  useEffect(() => {
    if (!guards) return;
    guards.add(guard);
    return () => {
      guards.delete(guard);
    };
  }, [guards, guard]);

  useEffect(() => {
    if (!dirty) return;
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
  return { allowLeave };
}
