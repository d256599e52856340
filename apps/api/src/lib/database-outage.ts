/*
 * A database that is away for a moment (PostgreSQL restarting, a network cut) is not the request's
 * fault nor a bug: the API answers 503 with Retry-After, and clients that keep what they send (the exam
 * runner's journal) send it again. These are the errors that say the server cannot be reached or has
 * dropped the connection, as node-postgres and PostgreSQL report them.
 */

/** Socket errors on the way to the database. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
]);

/** SQLSTATEs of a server going away: class 08 (connection exception) and operator intervention. */
const UNAVAILABLE_STATES = /^(08...|57P01|57P02|57P03|53300)$/;

/** node-postgres's own words when a connection dies or cannot be had. */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'timeout exceeded when trying to connect',
  'Connection refused',
];

/** Seconds a client should wait before trying again. */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

/** Whether `error` (or one of its causes) says the database cannot be reached right now. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    const { code } = current as { code?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.test(code))) return true;
    if (DRIVER_MESSAGES.some((words) => current instanceof Error && current.message.includes(words))) {
      return true;
    }
    current = current.cause;
  }
  return false;
}

/**
 * One warning an outage: the first failure after a quiet spell is reported, the rest of the same outage
 * are not (each request would otherwise log a stack trace). `report` is called with the error to log.
 */
export function outageReporter(quietMs = 10_000, now: () => number = Date.now) {
  let lastFailure = Number.NEGATIVE_INFINITY;
  return (report: () => void) => {
    const at = now();
    if (at - lastFailure > quietMs) report();
    lastFailure = at;
  };
}
