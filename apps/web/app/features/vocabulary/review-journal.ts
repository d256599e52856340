/**
 * The offline review journal: ratings that could not reach the server wait in localStorage (one list
 * per account) and are sent again, in order, when the connection returns. Each carries its own
 * `client_id`, so a rating the server did record before the connection dropped is recorded once.
 */
export interface JournalEntry {
  card_id: string;
  rating: 1 | 2 | 3 | 4;
  client_id: string;
  reviewed_at: string;
}

const keyFor = (userId: string) => `prepwise.vocabulary.journal.${userId}`;

export function readJournal(userId: string): JournalEntry[] {
  try {
    const value = JSON.parse(window.localStorage.getItem(keyFor(userId)) ?? '[]');
    return Array.isArray(value) ? (value as JournalEntry[]) : [];
  } catch {
    return [];
  }
}

function writeJournal(userId: string, entries: JournalEntry[]) {
  if (entries.length === 0) window.localStorage.removeItem(keyFor(userId));
  else window.localStorage.setItem(keyFor(userId), JSON.stringify(entries));
}

export function appendToJournal(userId: string, entry: JournalEntry) {
  writeJournal(userId, [...readJournal(userId), entry]);
}

export function removeFromJournal(userId: string, clientId: string) {
  writeJournal(
    userId,
    readJournal(userId).filter((entry) => entry.client_id !== clientId),
  );
}

/** A random v4 UUID, also where `crypto.randomUUID` is missing (pages not served over HTTPS). */
export function newClientId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Sends the journal in order. An entry the server answered (recorded, duplicate, or refused for
 * good, e.g. a card removed since) leaves the journal; a network failure stops and keeps the rest.
 */
export async function flushJournal(
  userId: string,
  send: (entry: JournalEntry) => Promise<'done' | 'offline'>,
): Promise<number> {
  let sent = 0;
  for (const entry of readJournal(userId)) {
    if ((await send(entry)) === 'offline') break;
    removeFromJournal(userId, entry.client_id);
    sent++;
  }
  return sent;
}
