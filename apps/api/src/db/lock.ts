import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes an exclusive lock on a PGlite folder: two processes on one PGlite folder silently lose data.
 * A lock left by a dead process is taken over. Returns the release function.
 */
const heldByThisProcess = new Set<string>();

export function lockDataDir(dir: string): () => void {
  const file = path.resolve(dir, 'pglite.lock');
  if (heldByThisProcess.has(file)) {
    throw new DataDirLockedError(`The database folder ${dir} is already open in this process.`);
  }
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      heldByThisProcess.add(file);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        heldByThisProcess.delete(file);
        rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
      // A lock naming this process but not in heldByThisProcess was left by an earlier process with our pid.
      if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
        throw new DataDirLockedError(
          `The database folder ${dir} is in use by process ${owner}. Stop it first, or set DATA_DIR to another folder.`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock ${dir}`);
}
