/** The server's maintenance connection (same server, database `postgres`) for CREATE/DROP DATABASE. */
export function adminUrl(serverUrl: string): string {
  return databaseUrlFor(serverUrl, 'postgres');
}

export function databaseUrlFor(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}
