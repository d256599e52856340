/**
 * Where an imported item is, as the server says it ("line 12", "row 3–4", "question 2 "name"",
 * "item 1 "id"") and the server's detail without its own location prefix. The page shows both in
 * one wording per language: a CSV's lines and a sheet's rows are both "Dòng" / "Row".
 */
export type ImportLocation =
  | { key: 'row' | 'question' | 'item'; n: string; rest: string }
  | { key: null; text: string };

export function parseImportLocation(location: string): ImportLocation {
  const rows = /^(?:line|row) (\d+(?:–\d+)?)$/.exec(location);
  if (rows) return { key: 'row', n: rows[1] ?? '', rest: '' };
  const entry = /^(question|item) (\d+)(.*)$/.exec(location);
  if (entry)
    return { key: entry[1] === 'question' ? 'question' : 'item', n: entry[2] ?? '', rest: entry[3] ?? '' };
  return { key: null, text: location };
}

/** The server's detail ("line 4: level "Z9" does not exist") without the location the row already shows. */
export function importDetail(message: string): string {
  return message.replace(/^(?:line|row) \d+(?:–\d+)?: /, '');
}
