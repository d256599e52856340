/**
 * This browser's stable device id (issue 29): a random UUID kept in localStorage, sent as the
 * `x-device-id` header on the API calls, so an assignment with one active device knows which device
 * holds an attempt (and the integrity timeline sees a device change). Null on the server, and when
 * storage is unavailable the id lives as long as the page.
 */
const STORAGE_KEY = 'prepwise-device-id';
let memory: string | null = null;

function randomId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function deviceId(): string | null {
  if (typeof window === 'undefined') return null;
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    if (stored) return stored;
    const created = memory ?? randomId();
    window.localStorage.setItem(STORAGE_KEY, created);
    memory = created;
    return created;
  } catch {
    memory ??= randomId();
    return memory;
  }
}
