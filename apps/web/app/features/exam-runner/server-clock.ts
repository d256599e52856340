/**
 * The exam clock follows the server: each answer from the API carries `server_now` (and the
 * deadline), and the time since that answer is measured with the monotonic `performance.now()`,
 * so changing the computer's clock changes nothing.
 */
export interface ClockAnchor {
  /** Server time of the answer, in ms since the epoch. */
  serverNow: number;
  /** Monotonic time when the answer arrived. */
  receivedAt: number;
  deadlineAt: number | null;
  startedAt: number;
}

export function anchorFrom(
  state: { deadline_at: string | null; server_now: string; started_at?: string },
  receivedAt: number,
  previous?: ClockAnchor,
): ClockAnchor {
  const serverNow = Date.parse(state.server_now);
  return {
    serverNow,
    receivedAt,
    deadlineAt: state.deadline_at ? Date.parse(state.deadline_at) : null,
    startedAt: state.started_at ? Date.parse(state.started_at) : (previous?.startedAt ?? serverNow),
  };
}

/** Milliseconds left before the deadline (never negative); `null` when the attempt is untimed. */
export function remainingMs(anchor: ClockAnchor, monotonicNow: number): number | null {
  if (anchor.deadlineAt === null) return null;
  return Math.max(0, anchor.deadlineAt - anchor.serverNow - (monotonicNow - anchor.receivedAt));
}

/** Milliseconds since the attempt started, by the server's clock. */
export function elapsedMs(anchor: ClockAnchor, monotonicNow: number): number {
  return Math.max(0, anchor.serverNow - anchor.startedAt + (monotonicNow - anchor.receivedAt));
}

/** `1:05:09` or `05:09`. */
export function formatDuration(ms: number): string {
  const total = Math.floor(ms / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const mm = String(minutes).padStart(2, '0');
  const ss = String(seconds).padStart(2, '0');
  return hours > 0 ? `${hours}:${mm}:${ss}` : `${mm}:${ss}`;
}
