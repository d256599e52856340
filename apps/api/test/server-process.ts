import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { apiRoot, repoRoot } from '../src/lib/paths';

export interface ServerProcess {
  child: ChildProcess;
  /** Its port, once it printed the ready banner. */
  port: number;
  /** Everything it printed so far. */
  output(): string;
  /** Resolves with the exit code once it exits. */
  exited: Promise<number | null>;
}

/**
 * The real server entry (`src/server.ts`) in its own process, on port 0 without the web app, resolved once
 * it prints `Prepwise is ready`. Node runs it with tsx as a loader, not tsx's CLI, which would be a parent
 * process that a SIGKILL takes down while the server lives on.
 */
export function startServerProcess(
  env: Record<string, string>,
  options: { readyWithin?: number; children?: Set<ChildProcess> } = {},
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(apiRoot, 'src/server.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      WEB_MODE: 'none',
      LOG_LEVEL: 'warn',
      APP_ENV: 'test',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  options.children?.add(child);
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start:\n${output}`)),
      options.readyWithin ?? 120_000,
    );
    let ready = false;
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const banner = /Prepwise is ready at http:\/\/localhost:(\d+)/.exec(output);
      if (banner && !ready) {
        ready = true;
        clearTimeout(timer);
        resolve({ child, port: Number(banner[1]), output: () => output, exited });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then(() => {
      if (!ready) reject(new Error(`server exited before it was ready:\n${output}`));
    });
  });
}
