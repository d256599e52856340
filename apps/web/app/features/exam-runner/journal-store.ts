import type { HighlightRecord } from './highlights';
import type { AnswerValue, JournalEntry, JournalEvent } from './journal-logic';

/**
 * Where answer changes are written before anything is sent. The IndexedDB journal is shared by
 * every tab of the browser; the sequence counter is incremented inside the same transaction that
 * writes the change, so two tabs never hand out the same number.
 */
export interface Journal {
  /** Writes a change with the next sequence number (at least `floor + 1`). */
  record(attemptId: string, questionId: string, value: AnswerValue, floor: number): Promise<JournalEntry>;
  list(attemptId: string): Promise<JournalEntry[]>;
  counter(attemptId: string): Promise<number>;
  /** Raises the counter to at least `floor`; returns the counter. */
  raiseCounter(attemptId: string, floor: number): Promise<number>;
  /**
   * Rewrites entries in one transaction: `settle` receives the stored entry of each question and
   * returns its replacement, or `undefined` to leave it. Resolves with the entries written.
   */
  update(
    attemptId: string,
    questionIds: string[],
    settle: (questionId: string, current: JournalEntry | undefined) => JournalEntry | undefined,
  ): Promise<JournalEntry[]>;
  /**
   * Integrity events (issue 29: focus lost and back, full screen left, a paste's length, offline and back):
   * written here like answer changes, and removed once a save carried them to the server.
   */
  recordEvent(event: JournalEvent): Promise<void>;
  /** The attempt's events not yet sent, oldest first. */
  events(attemptId: string): Promise<JournalEvent[]>;
  removeEvents(attemptId: string, ids: string[]): Promise<void>;
  /** Audio clips already played (play-once parts), by clip key. */
  markPlayed(attemptId: string, clip: string): Promise<void>;
  played(attemptId: string): Promise<string[]>;
  /** The learner's highlights and notes on the attempt's passages (one record per attempt). */
  saveHighlights(record: HighlightRecord): Promise<void>;
  highlights(attemptId: string): Promise<HighlightRecord | null>;
  /**
   * Spoken answers (issue 28): each chunk MediaRecorder gives is written here before it is uploaded, and
   * the recording's state beside it, so a reload, a lost connection or a killed tab loses nothing.
   */
  putRecordingChunk(chunk: RecordingChunk): Promise<void>;
  recordingChunks(attemptId: string, questionId: string): Promise<RecordingChunk[]>;
  putRecording(record: RecordingRecord): Promise<void>;
  recordings(attemptId: string): Promise<RecordingRecord[]>;
  /** Forgets a submitted attempt. */
  clear(attemptId: string): Promise<void>;
}

export interface RecordingChunk {
  attemptId: string;
  questionId: string;
  index: number;
  blob: Blob;
}

/** A recording's state in this browser. */
export interface RecordingRecord {
  attemptId: string;
  questionId: string;
  mime: string;
  startedAt: number;
  /** Set when recording stopped: how many chunks and how long (ms). */
  chunkCount: number | null;
  durationMs: number | null;
  /** The server holds the assembled recording. */
  uploaded: boolean;
}

/** A journal in memory: the fallback when IndexedDB is unavailable, and the unit tests' journal. */
export function createMemoryJournal(): Journal {
  const answers = new Map<string, Map<string, JournalEntry>>();
  const counters = new Map<string, number>();
  const clips = new Map<string, Set<string>>();
  const marks = new Map<string, HighlightRecord>();
  const chunks = new Map<string, RecordingChunk>();
  const recordings = new Map<string, RecordingRecord>();
  const events = new Map<string, JournalEvent>();
  const of = (attemptId: string) => {
    let map = answers.get(attemptId);
    if (!map) {
      map = new Map();
      answers.set(attemptId, map);
    }
    return map;
  };
  return {
    async record(attemptId, questionId, value, floor) {
      const seq = Math.max(counters.get(attemptId) ?? 0, floor) + 1;
      counters.set(attemptId, seq);
      const entry: JournalEntry = { attemptId, questionId, ...value, seq, synced: false };
      of(attemptId).set(questionId, entry);
      return { ...entry };
    },
    async list(attemptId) {
      return [...of(attemptId).values()].map((entry) => ({ ...entry }));
    },
    async counter(attemptId) {
      return counters.get(attemptId) ?? 0;
    },
    async raiseCounter(attemptId, floor) {
      const value = Math.max(counters.get(attemptId) ?? 0, floor);
      counters.set(attemptId, value);
      return value;
    },
    async update(attemptId, questionIds, settle) {
      const map = of(attemptId);
      const written: JournalEntry[] = [];
      for (const questionId of questionIds) {
        const current = map.get(questionId);
        const next = settle(questionId, current ? { ...current } : undefined);
        if (next) {
          map.set(questionId, { ...next });
          written.push({ ...next });
        }
      }
      return written;
    },
    async recordEvent(event) {
      events.set(`${event.attemptId}/${event.id}`, { ...event });
    },
    async events(attemptId) {
      return [...events.values()]
        .filter((event) => event.attemptId === attemptId)
        .sort(byTime)
        .map((event) => ({ ...event }));
    },
    async removeEvents(attemptId, ids) {
      for (const id of ids) events.delete(`${attemptId}/${id}`);
    },
    async markPlayed(attemptId, clip) {
      const set = clips.get(attemptId) ?? new Set();
      set.add(clip);
      clips.set(attemptId, set);
    },
    async played(attemptId) {
      return [...(clips.get(attemptId) ?? [])];
    },
    async saveHighlights(record) {
      marks.set(record.attemptId, structuredClone(record));
    },
    async highlights(attemptId) {
      const record = marks.get(attemptId);
      return record ? structuredClone(record) : null;
    },
    async putRecordingChunk(chunk) {
      chunks.set(`${chunk.attemptId}/${chunk.questionId}/${chunk.index}`, chunk);
    },
    async recordingChunks(attemptId, questionId) {
      return [...chunks.values()]
        .filter((chunk) => chunk.attemptId === attemptId && chunk.questionId === questionId)
        .sort((a, b) => a.index - b.index);
    },
    async putRecording(record) {
      recordings.set(`${record.attemptId}/${record.questionId}`, { ...record });
    },
    async recordings(attemptId) {
      return [...recordings.values()]
        .filter((record) => record.attemptId === attemptId)
        .map((r) => ({ ...r }));
    },
    async clear(attemptId) {
      for (const [key, event] of events) if (event.attemptId === attemptId) events.delete(key);
      for (const [key, chunk] of chunks) if (chunk.attemptId === attemptId) chunks.delete(key);
      for (const [key, record] of recordings) if (record.attemptId === attemptId) recordings.delete(key);
      answers.delete(attemptId);
      marks.delete(attemptId);
      counters.delete(attemptId);
      clips.delete(attemptId);
    },
  };
}

const byTime = (a: JournalEvent, b: JournalEvent) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0);

const DB_NAME = 'prepwise-exam';
// 2: highlights; 3: recordings and their chunks; 4: integrity events.
const DB_VERSION = 4;
const ANSWERS = 'answers';
const COUNTERS = 'counters';
const PLAYED = 'played';
const HIGHLIGHTS = 'highlights';
const RECORDINGS = 'recordings';
const RECORDING_CHUNKS = 'recording_chunks';
const EVENTS = 'integrity_events';

interface CounterRow {
  attemptId: string;
  seq: number;
}

function requestValue<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

function openDatabase(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, DB_VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(ANSWERS)) {
        db.createObjectStore(ANSWERS, { keyPath: ['attemptId', 'questionId'] }).createIndex(
          'attempt',
          'attemptId',
        );
      }
      if (!db.objectStoreNames.contains(COUNTERS)) db.createObjectStore(COUNTERS, { keyPath: 'attemptId' });
      if (!db.objectStoreNames.contains(PLAYED)) {
        db.createObjectStore(PLAYED, { keyPath: ['attemptId', 'clip'] }).createIndex('attempt', 'attemptId');
      }
      if (!db.objectStoreNames.contains(HIGHLIGHTS))
        db.createObjectStore(HIGHLIGHTS, { keyPath: 'attemptId' });
      if (!db.objectStoreNames.contains(RECORDINGS)) {
        db.createObjectStore(RECORDINGS, { keyPath: ['attemptId', 'questionId'] }).createIndex(
          'attempt',
          'attemptId',
        );
      }
      if (!db.objectStoreNames.contains(RECORDING_CHUNKS)) {
        const store = db.createObjectStore(RECORDING_CHUNKS, {
          keyPath: ['attemptId', 'questionId', 'index'],
        });
        store.createIndex('recording', ['attemptId', 'questionId']);
        store.createIndex('attempt', 'attemptId');
      }
      if (!db.objectStoreNames.contains(EVENTS)) {
        db.createObjectStore(EVENTS, { keyPath: ['attemptId', 'id'] }).createIndex('attempt', 'attemptId');
      }
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
    request.onblocked = () => reject(new Error('IndexedDB upgrade blocked'));
  });
}

function createIndexedDbJournal(db: IDBDatabase): Journal {
  const byAttempt = (attemptId: string) => IDBKeyRange.only(attemptId);
  return {
    record(attemptId, questionId, value, floor) {
      const tx = db.transaction([ANSWERS, COUNTERS], 'readwrite');
      const counters = tx.objectStore(COUNTERS);
      let entry: JournalEntry | undefined;
      const read = counters.get(attemptId) as IDBRequest<CounterRow | undefined>;
      // Read and write in the same transaction: no other tab can take this number in between.
      read.onsuccess = () => {
        const seq = Math.max(read.result?.seq ?? 0, floor) + 1;
        counters.put({ attemptId, seq } satisfies CounterRow);
        entry = { attemptId, questionId, answer: value.answer, flagged: value.flagged, seq, synced: false };
        tx.objectStore(ANSWERS).put(entry);
      };
      return done(tx).then(() => entry!);
    },
    list(attemptId) {
      const tx = db.transaction(ANSWERS, 'readonly');
      return requestValue(
        tx.objectStore(ANSWERS).index('attempt').getAll(byAttempt(attemptId)) as IDBRequest<JournalEntry[]>,
      );
    },
    async counter(attemptId) {
      const tx = db.transaction(COUNTERS, 'readonly');
      const row = await requestValue(tx.objectStore(COUNTERS).get(attemptId) as IDBRequest<CounterRow>);
      return row?.seq ?? 0;
    },
    raiseCounter(attemptId, floor) {
      const tx = db.transaction(COUNTERS, 'readwrite');
      const counters = tx.objectStore(COUNTERS);
      let value = floor;
      const read = counters.get(attemptId) as IDBRequest<CounterRow | undefined>;
      read.onsuccess = () => {
        value = Math.max(read.result?.seq ?? 0, floor);
        if (value !== read.result?.seq) counters.put({ attemptId, seq: value } satisfies CounterRow);
      };
      return done(tx).then(() => value);
    },
    update(attemptId, questionIds, settle) {
      const tx = db.transaction(ANSWERS, 'readwrite');
      const store = tx.objectStore(ANSWERS);
      const written: JournalEntry[] = [];
      for (const questionId of questionIds) {
        const read = store.get([attemptId, questionId]) as IDBRequest<JournalEntry | undefined>;
        read.onsuccess = () => {
          const next = settle(questionId, read.result);
          if (next) {
            store.put(next);
            written.push(next);
          }
        };
      }
      return done(tx).then(() => written);
    },
    recordEvent(event) {
      const tx = db.transaction(EVENTS, 'readwrite');
      tx.objectStore(EVENTS).put(event);
      return done(tx);
    },
    async events(attemptId) {
      const tx = db.transaction(EVENTS, 'readonly');
      const rows = await requestValue(
        tx.objectStore(EVENTS).index('attempt').getAll(byAttempt(attemptId)) as IDBRequest<JournalEvent[]>,
      );
      return rows.sort(byTime);
    },
    removeEvents(attemptId, ids) {
      const tx = db.transaction(EVENTS, 'readwrite');
      for (const id of ids) tx.objectStore(EVENTS).delete([attemptId, id]);
      return done(tx);
    },
    markPlayed(attemptId, clip) {
      const tx = db.transaction(PLAYED, 'readwrite');
      tx.objectStore(PLAYED).put({ attemptId, clip });
      return done(tx);
    },
    async played(attemptId) {
      const tx = db.transaction(PLAYED, 'readonly');
      const rows = await requestValue(
        tx.objectStore(PLAYED).index('attempt').getAll(byAttempt(attemptId)) as IDBRequest<
          Array<{ clip: string }>
        >,
      );
      return rows.map((row) => row.clip);
    },
    saveHighlights(record) {
      const tx = db.transaction(HIGHLIGHTS, 'readwrite');
      tx.objectStore(HIGHLIGHTS).put(record);
      return done(tx);
    },
    async highlights(attemptId) {
      const tx = db.transaction(HIGHLIGHTS, 'readonly');
      const record = await requestValue(
        tx.objectStore(HIGHLIGHTS).get(attemptId) as IDBRequest<HighlightRecord | undefined>,
      );
      return record ?? null;
    },
    putRecordingChunk(chunk) {
      const tx = db.transaction(RECORDING_CHUNKS, 'readwrite');
      tx.objectStore(RECORDING_CHUNKS).put(chunk);
      return done(tx);
    },
    async recordingChunks(attemptId, questionId) {
      const tx = db.transaction(RECORDING_CHUNKS, 'readonly');
      const rows = await requestValue(
        tx
          .objectStore(RECORDING_CHUNKS)
          .index('recording')
          .getAll(IDBKeyRange.only([attemptId, questionId])) as IDBRequest<RecordingChunk[]>,
      );
      return rows.sort((a, b) => a.index - b.index);
    },
    putRecording(record) {
      const tx = db.transaction(RECORDINGS, 'readwrite');
      tx.objectStore(RECORDINGS).put(record);
      return done(tx);
    },
    recordings(attemptId) {
      const tx = db.transaction(RECORDINGS, 'readonly');
      return requestValue(
        tx.objectStore(RECORDINGS).index('attempt').getAll(byAttempt(attemptId)) as IDBRequest<
          RecordingRecord[]
        >,
      );
    },
    clear(attemptId) {
      const tx = db.transaction(
        [ANSWERS, COUNTERS, PLAYED, HIGHLIGHTS, RECORDINGS, RECORDING_CHUNKS, EVENTS],
        'readwrite',
      );
      const range = byAttempt(attemptId);
      for (const name of [ANSWERS, PLAYED, RECORDINGS, RECORDING_CHUNKS, EVENTS]) {
        const cursor = tx.objectStore(name).index('attempt').openKeyCursor(range);
        cursor.onsuccess = () => {
          const current = cursor.result;
          if (!current) return;
          tx.objectStore(name).delete(current.primaryKey);
          current.continue();
        };
      }
      tx.objectStore(COUNTERS).delete(attemptId);
      tx.objectStore(HIGHLIGHTS).delete(attemptId);
      return done(tx);
    },
  };
}

/**
 * The browser's journal: IndexedDB, or memory when it cannot be opened (some private modes); the
 * page then says answers are kept only while it stays open.
 */
export async function openJournal(): Promise<{ journal: Journal; persistent: boolean }> {
  if (typeof indexedDB === 'undefined') return { journal: createMemoryJournal(), persistent: false };
  try {
    return { journal: createIndexedDbJournal(await openDatabase()), persistent: true };
  } catch {
    return { journal: createMemoryJournal(), persistent: false };
  }
}
