type Navigate = (to: string, options?: { replace?: boolean; state?: unknown }) => void | Promise<void>;

/**
 * The history state of a navigation no unsaved-changes guard may hold (signing out: the session is gone,
 * so nothing typed could be saved by staying).
 */
export const LEAVE_UNSAVED = { leaveUnsaved: true } as const;

export function leavesUnsaved(state: unknown): boolean {
  return (state as { leaveUnsaved?: unknown } | null)?.leaveUnsaved === true;
}

let navigator: Navigate | null = null;

/** The router registers its navigate function, so code outside React can route without a reload. */
export function setClientNavigator(navigate: Navigate | null) {
  navigator = navigate;
}

export function navigateTo(to: string, options?: { replace?: boolean; state?: unknown }) {
  if (navigator) {
    void navigator(to, options);
  } else if (options?.replace) {
    window.location.replace(to);
  } else {
    window.location.assign(to);
  }
}

let pendingTarget: string | null = null;

/** The router reports the address it is navigating to (null once it is idle). */
export function setPendingNavigation(target: string | null) {
  pendingTarget = target;
}

/**
 * Reloads the page the user is on or, while a navigation is underway, the page they asked for: a
 * reload that lands on the page they were leaving would drop their click.
 */
export function reloadCurrentOrPending() {
  if (pendingTarget && pendingTarget !== `${window.location.pathname}${window.location.search}`) {
    window.location.assign(pendingTarget);
  } else {
    window.location.reload();
  }
}
