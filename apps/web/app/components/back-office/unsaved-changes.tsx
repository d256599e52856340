import { lazy, type ReactNode, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useBlocker } from 'react-router';
import { leavesUnsaved } from '../../lib/client-navigation';
import {
  hasUnsavedChanges,
  registerUnsavedChangesGuard,
  type UnsavedChangesGuard,
} from '../../lib/unsaved-changes-registry';

/** Loaded the first time a leave is held: the root (every page, public ones too) stays light. */
const UnsavedChangesModal = lazy(() =>
  import('./unsaved-changes-modal').then((module) => ({ default: module.UnsavedChangesModal })),
);

/**
 * The app's one navigation blocker for unsaved changes (React Router honours one blocker at a time
 * and warns about a second, so the forms of a page share this one; root.tsx renders it around every
 * page). Leaving the page (a link, the back button) while any registered form is dirty asks first in a
 * modal: "stay" keeps the page and what was typed, "leave" discards it.
 */
export function UnsavedChangesProvider({ children }: { children: ReactNode }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      !leavesUnsaved(nextLocation.state) &&
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search) &&
      hasUnsavedChanges(),
  );
  return (
    <>
      {children}
      {blocker.state === 'blocked' ? (
        <Suspense fallback={null}>
          <UnsavedChangesModal onStay={() => blocker.reset?.()} onLeave={() => blocker.proceed?.()} />
        </Suspense>
      ) : null}
    </>
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
  /** Set once saved: the navigation that follows must not be held by the guard. */
  const leaving = useRef(false);
  const latest = useRef(isDirty);
  latest.current = isDirty;
  // One form's question "anything unsaved?" (false once it allowed the leave that follows a save).
  const [guard] = useState<UnsavedChangesGuard>(() => ({
    dirty: () => !leaving.current && latest.current(),
  }));
  const dirty = isDirty();

  useEffect(() => registerUnsavedChangesGuard(guard), [guard]);

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
