import { CsvError, parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { MalformedFileError, type ParseResult } from '../model';
import { parseRows, type SourceRow } from './table';

/** CSV (UTF-8, comma or semicolon separated, header row) → entries, each naming its line. */
export function parseCsv(bytes: Uint8Array): ParseResult {
  const text = new TextDecoder('utf-8').decode(bytes);
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      delimiter,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as unknown as typeof records;
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines;
      throw new MalformedFileError(`line ${line ?? '?'}: ${error.message}`);
    }
    throw error;
  }
  const rows: SourceRow[] = records.map(({ record, info }) => {
    const breaks = record.reduce((sum, cell) => sum + (cell.match(/\n/g)?.length ?? 0), 0);
    return { number: info.lines - breaks, cells: record };
  });
  return parseRows(rows, 'line');
}

export function writeCsv(rows: string[][]): Uint8Array {
  // A BOM so that spreadsheet programs read the file as UTF-8.
  return new TextEncoder().encode(`\uFEFF${stringify(rows, { record_delimiter: '\r\n' })}`);
}
