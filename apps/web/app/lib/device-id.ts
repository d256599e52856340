/**
 * This browser's device id (issue 29): a random uuid made once and kept in localStorage, sent to the API as
 * the `x-device-id` header. The server keeps the device of an attempt's last save (`attempts.device_id`)
 * and notes on the integrity timeline when another device saves. It names a browser, not a person, and
 * says nothing about the machine. Null where there is no storage (the server's rendering, some private
 * modes keep it for the session only).
 */
const KEY = 'prepwise.device-id';

/** The header the id travels in. */
export const DEVICE_HEADER = 'x-device-id';

let memory: string | null = null;

function newId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const hex = Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16));
  return `${hex.slice(0, 8).join('')}-${hex.slice(8, 12).join('')}-4${hex.slice(13, 16).join('')}-a${hex.slice(17, 20).join('')}-${hex.slice(20).join('')}`;
}

export function deviceId(): string | null {
  if (typeof window === 'undefined') return null;
  try {
    const stored = window.localStorage.getItem(KEY);
    if (stored) return stored;
    const made = newId();
    window.localStorage.setItem(KEY, made);
    return made;
  } catch {
    // No storage: one id for as long as the page lives.
    memory ??= newId();
    return memory;
  }
}
