/**
 * What the open forms hold unsaved (decision 013, issue 29 "no typed input is lost"). Each form's guard
 * (components/back-office/unsaved-changes.tsx) registers here while it is mounted, so code outside
 * React can ask too: the token refresh sends a save again rather than reloading the page over it
 * (decision 032). Guards register in effects only, so the server never holds any.
 */
export interface UnsavedChangesGuard {
  dirty: () => boolean;
}

const guards = new Set<UnsavedChangesGuard>();

export function registerUnsavedChangesGuard(guard: UnsavedChangesGuard): () => void {
  guards.add(guard);
  return () => {
    guards.delete(guard);
  };
}

/** True while any mounted form holds changes a reload would lose. */
export function hasUnsavedChanges(): boolean {
  for (const guard of guards) if (guard.dirty()) return true;
  return false;
}
