import cluster from 'node:cluster';

/*
 * With WORKERS > 1 (PostgreSQL only) the API runs as one primary process and several workers sharing
 * the port (node:cluster). Workers keep a few per-process caches; when one of them must drop a cache
 * everywhere (a session revoked, an account disabled), it tells its siblings through the primary.
 */
const TYPE = 'prepwise:sibling';

interface SiblingMessage {
  type: typeof TYPE;
  topic: string;
}

const isSiblingMessage = (message: unknown): message is SiblingMessage =>
  typeof message === 'object' &&
  message !== null &&
  (message as SiblingMessage).type === TYPE &&
  typeof (message as SiblingMessage).topic === 'string';

/** Tells the other workers (if any) about `topic`; this process acts on it itself. */
export function tellSiblings(topic: string): void {
  if (cluster.isWorker && process.send) process.send({ type: TYPE, topic } satisfies SiblingMessage);
}

/** Runs `handler` when another worker tells about `topic`. */
export function onSiblingMessage(topic: string, handler: () => void): void {
  if (!cluster.isWorker) return;
  process.on('message', (message: unknown) => {
    if (isSiblingMessage(message) && message.topic === topic) handler();
  });
}

/** In the primary: passes every worker's message on to all the others. */
export function relaySiblingMessages(): void {
  cluster.on('message', (from, message: unknown) => {
    if (!isSiblingMessage(message)) return;
    for (const worker of Object.values(cluster.workers ?? {})) {
      if (worker && worker.id !== from.id && worker.isConnected()) worker.send(message);
    }
  });
}
