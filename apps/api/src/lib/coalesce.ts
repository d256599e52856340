/**
 * Fewer round trips to the database when many requests arrive at once (a class starting a test together):
 * lookups of different keys made in the same turn of the event loop go out as one query (`batchLoader`),
 * and identical lookups made while one is running share it (`singleFlight`). Each caller still gets a
 * fresh read: nothing is kept once its query has answered.
 */

interface Waiter<V> {
  resolve: (value: V | undefined) => void;
  reject: (error: unknown) => void;
}

/** Keys one query carries at most. */
const MAX_KEYS = 500;

/**
 * `load(keys)` answers a map of the keys it found; `get(key)` resolves with that key's value (undefined when
 * not found) once the query that carried it has answered. A failed query fails every lookup it carried.
 */
export function batchLoader<V>(
  load: (keys: string[]) => Promise<Map<string, V>>,
): (key: string) => Promise<V | undefined> {
  let pending = new Map<string, Waiter<V>[]>();
  let scheduled = false;

  const run = async (batch: Map<string, Waiter<V>[]>) => {
    try {
      const found = await load([...batch.keys()]);
      for (const [key, waiters] of batch) for (const waiter of waiters) waiter.resolve(found.get(key));
    } catch (error) {
      for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
    }
  };

  const flush = () => {
    scheduled = false;
    const all = pending;
    pending = new Map();
    let batch = new Map<string, Waiter<V>[]>();
    for (const [key, waiters] of all) {
      batch.set(key, waiters);
      if (batch.size === MAX_KEYS) {
        void run(batch);
        batch = new Map();
      }
    }
    if (batch.size > 0) void run(batch);
  };

  return (key) =>
    new Promise<V | undefined>((resolve, reject) => {
      const waiters = pending.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else pending.set(key, [{ resolve, reject }]);
      if (!scheduled) {
        scheduled = true;
        // After the requests read in this turn of the event loop have asked too.
        setImmediate(flush);
      }
    });
}

/** `run(key)` at most once at a time per key: callers arriving while it runs share its answer. */
export function singleFlight<V>(run: (key: string) => Promise<V>): (key: string) => Promise<V> {
  const running = new Map<string, Promise<V>>();
  return (key) => {
    let answer = running.get(key);
    if (!answer) {
      answer = run(key).finally(() => running.delete(key));
      running.set(key, answer);
    }
    return answer;
  };
}
