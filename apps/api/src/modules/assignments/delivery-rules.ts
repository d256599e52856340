/**
 * An assignment's delivery rules (issue 29): its access code, its allowed IP ranges and one active
 * device per attempt. The start route checks the code and the address; the attempt's own routes (the
 * paper, every save, audio plays, submit) check the address and the device through {@link guardAttempt}.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import { ASSIGNMENT_KEYS, ATTEMPT_KEYS, type FieldErrors } from '@prepwise/contract';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { attempts } from '../../db/schema';
import { setBounded } from '../../lib/bounded-map';
import { AppError, validationFailed } from '../../lib/errors';
import { closed, rows } from '../attempts/attempt-rows';
import { deviceOf } from '../attempts/integrity.service';

// ---------------------------------------------------------------- IP ranges

/** An address or CIDR as BlockList takes it, or null when it is neither. */
function parseRange(range: string): { address: string; prefix: number; family: 'ipv4' | 'ipv6' } | null {
  const [address = '', prefixText, extra] = range.split('/');
  if (extra !== undefined) return null;
  const version = isIP(address);
  if (version === 0) return null;
  const family = version === 4 ? 'ipv4' : 'ipv6';
  const bits = version === 4 ? 32 : 128;
  if (prefixText === undefined) return { address, prefix: bits, family };
  if (!/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = Number(prefixText);
  return prefix <= bits ? { address, prefix, family } : null;
}

/** Field errors (`allowed_ip_ranges.N`) for entries that are no IPv4/IPv6 address or CIDR. */
export function checkIpRanges(ranges: string[]): void {
  const errors: FieldErrors = {};
  ranges.forEach((range, index) => {
    const parsed = parseRange(range);
    if (!parsed) {
      errors[`allowed_ip_ranges.${index}`] = ASSIGNMENT_KEYS.ipRangeInvalid;
      return;
    }
    try {
      new BlockList().addSubnet(parsed.address, parsed.prefix, parsed.family);
    } catch {
      errors[`allowed_ip_ranges.${index}`] = ASSIGNMENT_KEYS.ipRangeInvalid;
    }
  });
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
}

const MAX_LISTS = 1000;
const blockLists = new Map<string, BlockList>();

function blockListOf(ranges: string[]): BlockList {
  const key = ranges.join(',');
  let list = blockLists.get(key);
  if (!list) {
    list = new BlockList();
    for (const range of ranges) {
      const parsed = parseRange(range);
      if (parsed) list.addSubnet(parsed.address, parsed.prefix, parsed.family);
    }
    setBounded(blockLists, MAX_LISTS, key, list);
  }
  return list;
}

/** Whether `ip` is in one of the ranges (none: anywhere). An IPv4-mapped IPv6 address counts as IPv4. */
export function ipAllowed(ranges: readonly string[] | null | undefined, ip: string): boolean {
  if (!ranges || ranges.length === 0) return true;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  const address = mapped ? mapped[1]! : ip;
  const version = isIP(address);
  if (version === 0) return false;
  return blockListOf([...ranges]).check(address, version === 4 ? 'ipv4' : 'ipv6');
}

export const ipRefused = () =>
  new AppError(403, 'FORBIDDEN', 'This test cannot be taken from this network', {
    attempt: ATTEMPT_KEYS.ipNotAllowed,
  });

// ---------------------------------------------------------------- access code

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** Refuses a start without the assignment's code (403, naming `access_code`); compared in constant time. */
export function checkAccessCode(expected: string | null, given: string | undefined): void {
  if (!expected) return;
  const typed = given?.trim() ?? '';
  if (!typed) {
    throw new AppError(403, 'FORBIDDEN', 'This test asks for an access code', {
      access_code: ASSIGNMENT_KEYS.accessCodeRequired,
    });
  }
  if (!timingSafeEqual(digest(typed), digest(expected))) {
    throw new AppError(403, 'FORBIDDEN', 'The access code is not right', {
      access_code: ASSIGNMENT_KEYS.accessCodeWrong,
    });
  }
}

// ---------------------------------------------------------------- the attempt's device and address

/** The caller as the rules see it: its address and the runner's per-browser id (`x-device-id`). */
export interface Caller {
  ip: string;
  deviceId: string | null;
}

/** The caller of a request: `request.ip` (the proxy's forwarded address when TRUST_PROXY) and its device. */
export function callerOf(request: Pick<FastifyRequest, 'ip' | 'headers'>): Caller {
  // One reading of the header for both rules: the integrity timeline's (a runner-made id, else none).
  return { ip: request.ip, deviceId: deviceOf(request.headers) };
}

interface GuardRow {
  user_id: string;
  status: 'in_progress' | 'submitted';
  device_id: string | null;
  assignment_id: string | null;
  allowed_ip_ranges: string[] | null;
  single_device: boolean | null;
}

async function guardRow(db: Db, attemptId: string): Promise<GuardRow | undefined> {
  const [row] = await rows<GuardRow>(
    db,
    sql`select a.user_id, a.status, a.holder_device_id as device_id, a.assignment_id, ta.allowed_ip_ranges, ta.single_device
        from attempts a left join test_assignments ta on ta.id = a.assignment_id
        where a.id = ${attemptId}`,
  );
  return row;
}

/**
 * Attempts known to have no rule (no assignment, or one without IP ranges and one device), so a save
 * costs no extra statement. An assignment's rules may be set later: its attempts are looked at again
 * after a short while.
 */
const RULE_FREE_TTL_MS = 15_000;
const ruleFree = new Map<string, number>();

const otherDevice = () =>
  new AppError(409, 'CONFLICT', 'This attempt is open on another device', {
    attempt: ATTEMPT_KEYS.otherDevice,
  });

/**
 * Checks the caller against the attempt's assignment: its address in the allowed ranges (403) and, with
 * one active device, the device holding the attempt (409 `attempt.other_device`). Opening the paper
 * claims an attempt no device holds (`attempts.holder_device_id`).
 * Another learner's or an unknown attempt passes here: the route answers it (404).
 */
export async function guardAttempt(
  db: Db,
  userId: string,
  attemptId: string,
  caller: Caller,
  action: 'open' | 'save',
  now = Date.now(),
): Promise<void> {
  if (action === 'save') {
    const free = ruleFree.get(attemptId);
    if (free !== undefined && free > now) return;
  }
  const row = await guardRow(db, attemptId);
  if (!row || row.user_id !== userId) return;
  const ranges = row.allowed_ip_ranges ?? [];
  const single = row.single_device === true;
  if (!single && ranges.length === 0 && action === 'save') {
    setBounded(ruleFree, 20_000, attemptId, row.assignment_id ? now + RULE_FREE_TTL_MS : Number.MAX_VALUE);
  }
  if (!ipAllowed(ranges, caller.ip)) throw ipRefused();
  if (row.status !== 'in_progress') return;
  const device = caller.deviceId;
  if (action === 'open') {
    if (single) {
      if (!device) throw otherDevice();
      if (row.device_id === device) return;
      if (row.device_id !== null) throw otherDevice();
      // Claims the attempt unless another device claimed it meanwhile.
      const claimed = await db
        .update(attempts)
        .set({ holderDeviceId: device })
        .where(
          and(
            eq(attempts.id, attemptId),
            or(isNull(attempts.holderDeviceId), eq(attempts.holderDeviceId, device)),
          ),
        )
        .returning({ id: attempts.id });
      if (claimed.length === 0) throw otherDevice();
      return;
    }
    // Without the rule no device holds the attempt; the integrity timeline notes device changes on saves.
    return;
  }
  if (single && (!device || row.device_id !== device)) throw otherDevice();
}

/**
 * "Leave this device": the holder signs out of the attempt, so another device's next open claims it.
 * Only the holder (or any device when none holds it) may; idempotent.
 */
export async function releaseDevice(
  db: Db,
  userId: string,
  attemptId: string,
  caller: Caller,
): Promise<{ released: true }> {
  const row = await guardRow(db, attemptId);
  if (!row || row.user_id !== userId) throw new AppError(404, 'NOT_FOUND', 'Attempt not found');
  if (row.status !== 'in_progress') throw closed();
  if (!ipAllowed(row.allowed_ip_ranges, caller.ip)) throw ipRefused();
  if (row.device_id !== null && row.device_id !== caller.deviceId) throw otherDevice();
  const released = await db
    .update(attempts)
    .set({ holderDeviceId: null })
    .where(
      and(
        eq(attempts.id, attemptId),
        caller.deviceId
          ? or(isNull(attempts.holderDeviceId), eq(attempts.holderDeviceId, caller.deviceId))
          : isNull(attempts.holderDeviceId),
      ),
    )
    .returning({ id: attempts.id });
  if (released.length === 0) throw otherDevice();
  return { released: true };
}
