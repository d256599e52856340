import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client';
import { isDatabaseUnavailable, outageReporter } from '../lib/database-outage';

export type JobHandler<T> = (data: T, job: { id: string; name: string }) => Promise<void>;

export interface JobOptions {
  /** Run no earlier than this many seconds from now, or at this date. */
  startAfter?: number | Date;
  singletonKey?: string;
  retryLimit?: number;
}

export interface JobsOptions {
  /** Seconds between polls of each worker (pg-boss minimum 0.5). */
  pollingIntervalSeconds?: number;
  /** Run pg-boss maintenance and cron scheduling in this process. */
  supervise?: boolean;
}

/**
 * Background jobs on pg-boss in the application's own database. PGlite and PostgreSQL are both
 * reached through `Database.executeSql`, so no second connection pool is opened.
 */
export class Jobs {
  readonly #boss: PgBoss;
  readonly #log: FastifyBaseLogger;
  readonly #pollingIntervalSeconds: number;
  readonly #workers = new Map<string, string>();
  readonly #handlers = new Map<string, JobHandler<never>>();
  readonly #schedules = new Map<string, string>();
  /** pg-boss's statements still under way: it records a job's end without awaiting it. */
  readonly #statements = new Set<Promise<unknown>>();
  #running = false;
  #stopped = false;

  constructor(database: Database, log: FastifyBaseLogger, options: JobsOptions = {}) {
    this.#log = log;
    this.#pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2;
    this.#boss = new PgBoss({
      db: { executeSql: (text, values) => this.#execute(database, text, values) },
      schema: 'pgboss',
      supervise: options.supervise ?? true,
      schedule: options.supervise ?? true,
      migrate: true,
    });
    const reportOutage = outageReporter();
    this.#boss.on('error', (error) => {
      // A database away for a moment fails every poll: one warning for the outage, not a stack per poll.
      if (isDatabaseUnavailable(error)) {
        reportOutage(() =>
          this.#log.warn(
            { err: error },
            'background jobs cannot reach the database (one warning per outage)',
          ),
        );
      } else this.#log.error({ err: error }, 'background jobs error');
    });
  }

  /**
   * pg-boss completes or fails a job after its handler without awaiting the statement, so `stop()`
   * could return (and the application end its pool) while that write is under way — an unhandled
   * rejection that ends the process. Each statement is tracked so that `stop()` waits for it. One from a
   * handler that outlived the stop may find the pool ended: it is logged and answered "no job affected"
   * (the job's expiry brings it back, as after a crash) instead of rejecting where nobody listens.
   */
  #execute(database: Database, text: string, values?: unknown[]) {
    const statement = database.executeSql(text, values);
    if (this.#stopped)
      return statement.catch((error: unknown) => {
        this.#log.warn({ err: error }, 'a background-job statement after the jobs stopped failed');
        return { rows: [{ count: 0 }] };
      });
    this.#statements.add(statement);
    const forget = () => this.#statements.delete(statement);
    statement.then(forget, forget);
    return statement;
  }

  get running(): boolean {
    return this.#running;
  }

  async start(): Promise<void> {
    if (this.#running) return;
    this.#stopped = false;
    await this.#boss.start();
    this.#running = true;
    for (const [name, handler] of this.#handlers) await this.#attach(name, handler);
    for (const [name, cron] of this.#schedules) await this.#applySchedule(name, cron);
  }

  /**
   * Enqueues a job of the queue on a cron schedule (minute resolution), kept in the database so that
   * one of the supervising processes sends it; before `start()` the schedule is kept until then.
   */
  async schedule(name: string, cron: string): Promise<void> {
    this.#schedules.set(name, cron);
    if (this.#running) await this.#applySchedule(name, cron);
  }

  async #applySchedule(name: string, cron: string): Promise<void> {
    await this.#boss.createQueue(name);
    await this.#boss.schedule(name, cron, {}, { singletonKey: name });
  }

  /** Processes the queue's jobs in this process; before `start()` the handler is kept until then. */
  async define<T extends object>(name: string, handler: JobHandler<T>): Promise<void> {
    this.#handlers.set(name, handler as JobHandler<never>);
    if (this.#running) await this.#attach(name, handler);
  }

  async #attach<T extends object>(name: string, handler: JobHandler<T>): Promise<void> {
    await this.#boss.createQueue(name);
    const workerId = await this.#boss.work<T>(
      name,
      { pollingIntervalSeconds: this.#pollingIntervalSeconds, batchSize: 1 },
      async (jobs) => {
        for (const job of jobs) {
          try {
            await handler(job.data, { id: job.id, name: job.name });
          } catch (error) {
            this.#log.error({ err: error, job: job.id, queue: name }, 'job failed');
            throw error;
          }
        }
      },
    );
    this.#workers.set(name, workerId);
  }

  /** Enqueues a job; a worker of this process is woken at once instead of waiting for its next poll. */
  async enqueue<T extends object>(name: string, data: T, options: JobOptions = {}): Promise<string> {
    if (!this.#running) throw new Error(`Background jobs are not running; cannot enqueue ${name}`);
    const { startAfter, ...rest } = options;
    const id = await this.#boss.send(name, data, {
      ...rest,
      ...(startAfter === undefined ? {} : { startAfter }),
    });
    if (!id) throw new Error(`Job for queue ${name} was not accepted`);
    const workerId = this.#workers.get(name);
    if (workerId && startAfter === undefined) this.#boss.notifyWorker(workerId);
    return id;
  }

  async getJob(name: string, id: string): Promise<{ state: string; output: unknown } | null> {
    const job = await this.#boss.getJobById(name, id);
    return job ? { state: job.state, output: job.output } : null;
  }

  /** Stops fetching new jobs and waits (up to `timeoutMs`) for running ones to finish. */
  async stop(timeoutMs = 10_000): Promise<void> {
    if (!this.#running) return;
    this.#running = false;
    await this.#boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
    while (this.#statements.size > 0) await Promise.allSettled([...this.#statements]);
    this.#stopped = true;
  }
}
