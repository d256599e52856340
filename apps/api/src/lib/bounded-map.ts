/**
 * Sets `key` in a per-process cache of at most `max` entries, dropping the oldest entry when full
 * (a Map keeps insertion order). For the small caches of the answer-save path: sessions, verified
 * tokens, attempt facts.
 */
export function setBounded<K, V>(map: Map<K, V>, max: number, key: K, value: V): void {
  if (!map.has(key) && map.size >= max) {
    const oldest = map.keys().next().value;
    if (oldest !== undefined) map.delete(oldest);
  }
  map.set(key, value);
}
