import type { Recording } from '@prepwise/contract';
import { ApiError, apiClient } from '../../lib/api-client';
import { renewTokenIfDue } from './api';
import { retryDelay } from './journal-logic';
import type { Journal, RecordingRecord } from './journal-store';

/*
 * Sends the spoken answers of an attempt (issue 28). Every chunk is already in the journal when it gets
 * here; the uploader asks the server which chunks it holds, sends the others in order, and once the
 * recording has stopped asks the server to assemble it. It keeps trying (backoff, and at once when the
 * browser is online again) until the server holds every recording; nothing is removed from the journal
 * before the attempt is submitted.
 */

export interface UploadSnapshot {
  /** Recordings the server does not hold whole yet. */
  pending: number;
  /** The last attempt failed for want of a network (it will be tried again). */
  offline: boolean;
  /** Question ids whose recordings the server holds. */
  uploaded: ReadonlySet<string>;
  version: number;
}

export class RecordingUploader {
  #snapshot: UploadSnapshot = { pending: 0, offline: false, uploaded: new Set(), version: 0 };
  #listeners = new Set<() => void>();
  #running: Promise<void> | null = null;
  #again = false;
  #timer: ReturnType<typeof setTimeout> | null = null;
  #failures = 0;

  constructor(
    private readonly journal: Journal,
    private readonly attemptId: string,
  ) {}

  subscribe = (listener: () => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  getSnapshot = () => this.#snapshot;

  #set(next: Partial<UploadSnapshot>) {
    this.#snapshot = { ...this.#snapshot, ...next, version: this.#snapshot.version + 1 };
    for (const listener of this.#listeners) listener();
  }

  /**
   * A recording the page was closed in the middle of ends where the journal's chunks end (a MediaRecorder
   * stream cut between chunks is still a playable file): called once when the attempt opens.
   */
  async finishInterrupted(active: ReadonlySet<string> = new Set()): Promise<void> {
    for (const record of await this.journal.recordings(this.attemptId)) {
      if (record.chunkCount !== null || record.uploaded || active.has(record.questionId)) continue;
      const chunks = await this.journal.recordingChunks(record.attemptId, record.questionId);
      await this.journal.putRecording({
        ...record,
        chunkCount: chunks.length,
        durationMs: chunks.length * 1000,
        // Nothing was recorded: nothing to send.
        uploaded: chunks.length === 0,
      });
    }
  }

  /** Starts (or queues) a pass over the journal's recordings. */
  kick = () => {
    if (this.#running) {
      this.#again = true;
      return this.#running;
    }
    this.#running = this.#pass().finally(() => {
      this.#running = null;
      if (this.#again) {
        this.#again = false;
        void this.kick();
      }
    });
    return this.#running;
  };

  /** Resolves once the server holds every recording of the journal; rejects when a pass fails. */
  async drain(): Promise<void> {
    await this.kick();
    if (this.#snapshot.pending > 0) {
      await this.kick();
      if (this.#snapshot.pending > 0) throw new Error('Recordings are still being uploaded');
    }
  }

  dispose() {
    if (this.#timer) clearTimeout(this.#timer);
    this.#listeners.clear();
  }

  async #pass() {
    if (this.#timer) {
      clearTimeout(this.#timer);
      this.#timer = null;
    }
    const records = await this.journal.recordings(this.attemptId);
    const uploaded = new Set(this.#snapshot.uploaded);
    for (const record of records) if (record.uploaded) uploaded.add(record.questionId);
    let pending = records.filter((record) => !record.uploaded).length;
    this.#set({ pending, uploaded });
    try {
      for (const record of records) {
        if (record.uploaded) continue;
        const done = await this.#upload(record);
        if (done) {
          pending -= 1;
          uploaded.add(record.questionId);
          this.#set({ pending, uploaded, offline: false });
        }
      }
      this.#failures = 0;
      this.#set({ offline: false });
    } catch (error) {
      if (error instanceof RecordingRefused) {
        // The server will never take it (e.g. not audio): stop trying it, and try the others.
        await this.journal.putRecording({ ...error.record, uploaded: true });
        this.#set({ pending: Math.max(0, pending - 1) });
        return;
      }
      const network = !(error instanceof ApiError) || error.code === 0 || error.code >= 500;
      this.#failures += 1;
      this.#set({ offline: network });
      this.#timer = setTimeout(() => void this.kick(), retryDelay(Math.min(this.#failures, 5)));
    }
  }

  /** Sends what the server lacks of one recording; true once the server holds it assembled. */
  async #upload(record: RecordingRecord): Promise<boolean> {
    try {
      return await this.#send(record);
    } catch (error) {
      const refused =
        error instanceof ApiError &&
        error.code >= 400 &&
        error.code < 500 &&
        ![401, 408, 429].includes(error.code);
      if (refused) throw new RecordingRefused(record, error);
      throw error;
    }
  }

  async #send(record: RecordingRecord): Promise<boolean> {
    await renewTokenIfDue();
    const path = { id: record.attemptId, questionId: record.questionId };
    const status: Recording = await apiClient.get('/user/attempts/{id}/recordings/{questionId}', { path });
    if (status.status !== 'complete') {
      const held = new Set(status.chunks);
      const chunks = await this.journal.recordingChunks(record.attemptId, record.questionId);
      for (const chunk of chunks) {
        if (held.has(chunk.index)) continue;
        await apiClient.putBytes('/user/attempts/{id}/recordings/{questionId}/chunks/{index}', chunk.blob, {
          path: { ...path, index: chunk.index },
        });
      }
      if (record.chunkCount === null) return false;
      await apiClient.post('/user/attempts/{id}/recordings/{questionId}/finish', {
        path,
        body: { chunk_count: record.chunkCount, duration_ms: record.durationMs ?? 0 },
      });
    }
    await this.journal.putRecording({ ...record, uploaded: true });
    return true;
  }
}

class RecordingRefused extends Error {
  constructor(
    readonly record: RecordingRecord,
    error: ApiError,
  ) {
    super(error.message);
  }
}
