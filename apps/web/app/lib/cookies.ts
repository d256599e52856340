const SECONDS_PER_DAY = 24 * 60 * 60;

/** Reads one cookie from a `Cookie` header or `document.cookie`. */
export function readCookie(cookieHeader: string | null | undefined, name: string): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    const raw = part.slice(separator + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

/** A first-party preference cookie (readable by scripts, sent on top-level navigations). */
export function serializePreferenceCookie(name: string, value: string, maxAgeDays: number): string {
  return `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeDays * SECONDS_PER_DAY}; SameSite=Lax`;
}
