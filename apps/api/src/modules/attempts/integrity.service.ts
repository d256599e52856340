/**
 * An attempt's integrity timeline (issue 29): what the runner noticed while the attempt was taken (focus
 * lost and back, full screen left, a paste's length, offline and reconnected) and the device changes the
 * server saw. The runner journals its events beside the answers and sends them with the next save, each
 * with its own uuid, so a replay stores nothing twice and events kept offline arrive later. Shown to
 * teachers as evidence, never as a verdict: nothing here scores or flags an attempt.
 */
import {
  ATTEMPT_KEYS,
  DEVICE_ID_HEADER,
  type FieldErrors,
  INTEGRITY_EVENT_KINDS,
  INTEGRITY_MAX_EVENTS_PER_ATTEMPT,
  type IntegrityCounts,
  type IntegrityEventInput,
  type IntegrityEventKind,
  type IntegrityTimeline,
} from '@prepwise/contract';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import { attemptIntegrityEvents } from '../../db/schema';
import { setBounded } from '../../lib/bounded-map';
import { validationFailed } from '../../lib/errors';
import type { AttemptRow } from './attempt-rows';
import type { TestModel } from './test-model';

type Run = Pick<Database, 'prepared'>;

/** The header the runner names its browser with (a random id kept in that browser's storage). */
export const DEVICE_HEADER = DEVICE_ID_HEADER;

/** A device id as the runner makes it (a uuid); anything else is ignored rather than stored. */
const DEVICE_ID = /^[A-Za-z0-9-]{8,64}$/;

/** The device id of a request, or null when it sends none (or not one the runner makes). */
export function deviceOf(headers: Record<string, string | string[] | undefined>): string | null {
  const value = headers[DEVICE_HEADER];
  return typeof value === 'string' && DEVICE_ID.test(value) ? value : null;
}

/**
 * Checks each event's question against the attempt's questions (422 `events.N.question_id`). Answers the
 * rows to store.
 */
export function checkEvents(
  model: TestModel,
  row: Pick<AttemptRow, 'sectionIds'>,
  events: readonly IntegrityEventInput[],
) {
  const errors: FieldErrors = {};
  const taken = new Set(row.sectionIds);
  const checked = events.map((event, index) => {
    if (event.question_id) {
      const question = model.questionById.get(event.question_id);
      if (!question || !taken.has(question.sectionId))
        errors[`events.${index}.question_id`] = ATTEMPT_KEYS.notInAttempt;
    }
    return {
      client_id: event.id,
      kind: event.kind,
      question_id: event.question_id ?? null,
      detail: event.kind === 'paste' && event.length != null ? { length: event.length } : null,
      occurred_at: event.at,
    };
  });
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  return checked;
}

export type CheckedEvent = ReturnType<typeof checkEvents>[number];

/**
 * Stores events once each ((attempt, client id) is unique: a replay does nothing), while the attempt holds
 * fewer than INTEGRITY_MAX_EVENTS_PER_ATTEMPT; the events beyond are dropped, not refused, so the runner
 * never retries them for ever. One statement.
 * $1 the attempt, $2 the events as JSON, $3 the time received, $4 the cap.
 */
const INSERT_EVENTS = `with incoming as (
    select * from jsonb_to_recordset($2::jsonb)
      as e(client_id uuid, kind text, question_id uuid, detail jsonb, occurred_at timestamptz)
  ), room as (
    select greatest($4::int - count(*)::int, 0) as left_over
    from attempt_integrity_events where attempt_id = $1::uuid
  )
  insert into attempt_integrity_events (attempt_id, client_id, kind, question_id, detail, occurred_at, received_at)
  select $1::uuid, e.client_id, e.kind, e.question_id, e.detail, e.occurred_at, $3::timestamptz
  from incoming e
  order by e.occurred_at
  limit (select left_over from room)
  on conflict (attempt_id, client_id) do nothing`;

export async function recordEvents(run: Run, attemptId: string, events: readonly CheckedEvent[], now: Date) {
  if (events.length === 0) return;
  await run.prepared('integrity_insert', INSERT_EVENTS, [
    attemptId,
    JSON.stringify(events),
    now.toISOString(),
    INTEGRITY_MAX_EVENTS_PER_ATTEMPT,
  ]);
}

/**
 * Notes the device of a save: the first one is kept; another one replaces it and records `device_changed`
 * (with the first 8 characters of both ids, enough to tell devices apart on the timeline). The row is
 * locked while it is compared, so two devices saving at once record both changes in order.
 * $1 the attempt, $2 the device id, $3 now, $4 the cap.
 */
const NOTE_DEVICE = `with changed as (
    update attempts a set device_id = $2::text
    from (select id, device_id from attempts where id = $1::uuid for update) p
    where a.id = p.id and a.device_id is distinct from $2::text
    returning p.device_id as previous
  )
  insert into attempt_integrity_events (attempt_id, client_id, kind, detail, occurred_at, received_at)
  select $1::uuid, gen_random_uuid(), 'device_changed',
    jsonb_build_object('from', left(c.previous, 8), 'to', left($2::text, 8)), $3::timestamptz, $3::timestamptz
  from changed c
  where c.previous is not null
    and (select count(*) from attempt_integrity_events where attempt_id = $1::uuid) < $4::int`;

/**
 * The device each attempt last saved from, as this process saw it, so saves from the same device cost no
 * statement. Another process (cluster mode) may see a change first: the database is asked again at least
 * every DEVICE_RECHECK_MS, so a change that process recorded is never missed here for longer than that.
 */
const MAX_KNOWN_DEVICES = 20_000;
const DEVICE_RECHECK_MS = 30_000;
const knownDevice = new Map<string, { deviceId: string; checkedAt: number }>();

export async function noteDevice(run: Run, attemptId: string, deviceId: string | null, now: Date) {
  if (!deviceId) return;
  const known = knownDevice.get(attemptId);
  if (known?.deviceId === deviceId && now.getTime() - known.checkedAt < DEVICE_RECHECK_MS) return;
  await run.prepared('integrity_device', NOTE_DEVICE, [
    attemptId,
    deviceId,
    now.toISOString(),
    INTEGRITY_MAX_EVENTS_PER_ATTEMPT,
  ]);
  setBounded(knownDevice, MAX_KNOWN_DEVICES, attemptId, { deviceId, checkedAt: now.getTime() });
}

/** Forgets the device seen for an attempt (it is over). */
export function forgetDevice(attemptId: string) {
  knownDevice.delete(attemptId);
}

/** Events by kind of each attempt (attempts without events are left out). */
export async function integrityCounts(db: Db, attemptIds: string[]): Promise<Map<string, IntegrityCounts>> {
  const counts = new Map<string, IntegrityCounts>();
  if (attemptIds.length === 0) return counts;
  const list = await db
    .select({
      attemptId: attemptIntegrityEvents.attemptId,
      kind: attemptIntegrityEvents.kind,
      total: count(),
    })
    .from(attemptIntegrityEvents)
    .where(inArray(attemptIntegrityEvents.attemptId, attemptIds))
    .groupBy(attemptIntegrityEvents.attemptId, attemptIntegrityEvents.kind);
  for (const entry of list) {
    const of = counts.get(entry.attemptId) ?? {};
    of[entry.kind] = Number(entry.total);
    counts.set(entry.attemptId, of);
  }
  return counts;
}

const KNOWN_KINDS = new Set<string>(INTEGRITY_EVENT_KINDS);

/** The timeline of one attempt, in the learner's order of time (the caller has checked who may read it). */
export async function integrityTimeline(
  db: Db,
  attemptId: string,
  model: TestModel,
): Promise<IntegrityTimeline> {
  const list = await db
    .select()
    .from(attemptIntegrityEvents)
    .where(and(eq(attemptIntegrityEvents.attemptId, attemptId)))
    .orderBy(asc(attemptIntegrityEvents.occurredAt), asc(attemptIntegrityEvents.receivedAt));
  const counts: IntegrityCounts = {};
  const events = list
    .filter((event) => KNOWN_KINDS.has(event.kind))
    .map((event) => {
      counts[event.kind] = (counts[event.kind] ?? 0) + 1;
      return {
        id: event.id,
        kind: event.kind as IntegrityEventKind,
        question_id: event.questionId,
        question_number: event.questionId ? (model.questionById.get(event.questionId)?.number ?? null) : null,
        detail: event.detail ?? null,
        occurred_at: event.occurredAt.toISOString(),
        received_at: event.receivedAt.toISOString(),
      };
    });
  return { attempt_id: attemptId, events, counts };
}
