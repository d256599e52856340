/**
 * Session checks remembered for a few seconds, for the hottest learner endpoint only (answer saves during
 * an exam): a save then costs one database statement instead of two. Anything that ends a session or
 * disables an account calls `forgetRecentSessions()`, so the change is seen at once in this process and,
 * through the primary (lib/cluster.ts), moments later in the other workers of a clustered server. Permissions are never
 * read from here (the endpoints that use it need none).
 */

import { setBounded } from './bounded-map';
import { onSiblingMessage, tellSiblings } from './cluster';

export interface RecentSession<T> {
  value: T;
  until: number;
}

const MAX_ENTRIES = 20_000;
const recent = new Map<string, RecentSession<unknown>>();

export function recallSession<T>(sessionId: string, now = Date.now()): T | undefined {
  const hit = recent.get(sessionId);
  if (!hit) return undefined;
  if (hit.until <= now) {
    recent.delete(sessionId);
    return undefined;
  }
  return hit.value as T;
}

export function rememberSession<T>(sessionId: string, value: T, until: number): void {
  setBounded(recent, MAX_ENTRIES, sessionId, { value, until });
}

const FORGET = 'forget-recent-sessions';
onSiblingMessage(FORGET, () => recent.clear());

/** Call after revoking sessions or disabling an account. */
export function forgetRecentSessions(): void {
  recent.clear();
  tellSiblings(FORGET);
}
