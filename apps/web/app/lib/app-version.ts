import { CHUNK_RELOAD_GUARD_MS } from '@prepwise/contract';

/*
 * New deployments: a chunk that no longer exists (the page was loaded from the previous build)
 * reloads the page once, guarded for 10 s (seed-spec §4/§8); a periodic check of React Router's
 * manifest endpoint notices a new build before that happens.
 */
export const CHUNK_RELOAD_KEY = 'prepwise:chunk-reload-at';
export const VERSION_CHECK_INTERVAL_MS = 5 * 60_000;

const CHUNK_ERROR_PATTERNS = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Unable to preload CSS/i,
  /ChunkLoadError/i,
  /Loading chunk [\w-]+ failed/i,
];

export function isChunkLoadError(error: unknown): boolean {
  const text =
    error instanceof Error ? `${error.name}: ${error.message}` : typeof error === 'string' ? error : '';
  return CHUNK_ERROR_PATTERNS.some((pattern) => pattern.test(text));
}

interface GuardStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/**
 * Reloads unless a chunk-error reload happened less than CHUNK_RELOAD_GUARD_MS ago; answers
 * whether it reloaded.
 */
export function reloadOnceForChunkError(
  storage: GuardStorage | undefined,
  reload: () => void,
  now: number = Date.now(),
): boolean {
  let last = 0;
  try {
    last = Number(storage?.getItem(CHUNK_RELOAD_KEY) ?? 0) || 0;
  } catch {
    last = 0;
  }
  if (last && now - last < CHUNK_RELOAD_GUARD_MS) return false;
  try {
    storage?.setItem(CHUNK_RELOAD_KEY, String(now));
  } catch {
    // Without storage the guard cannot hold; reloading once is still right.
  }
  reload();
  return true;
}

export function browserChunkReload(): boolean {
  let storage: GuardStorage | undefined;
  try {
    storage = window.sessionStorage;
  } catch {
    storage = undefined;
  }
  return reloadOnceForChunkError(storage, () => window.location.reload());
}

interface ManifestWindow {
  __reactRouterManifest?: { version?: string };
}

export function currentBuildVersion(): string | undefined {
  return (window as unknown as ManifestWindow).__reactRouterManifest?.version;
}

/**
 * Asks React Router's manifest endpoint whether this page's build is still the deployed one: it
 * answers 204 with `X-Remix-Reload-Document` when the versions differ.
 */
export async function isNewVersionDeployed(fetcher: typeof fetch = fetch): Promise<boolean> {
  const version = currentBuildVersion();
  if (!version) return false;
  const query = new URLSearchParams({ paths: '/', version });
  const response = await fetcher(`/__manifest?${query}`, { credentials: 'same-origin' });
  return response.status === 204 && response.headers.has('X-Remix-Reload-Document');
}
