import { CsvError, parse } from 'csv-parse/sync';
import type { SourceRow } from './table';
import { readFirstSheet } from './xlsx';

const isZip = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b;

/**
 * The rows of an uploaded CSV (comma or semicolon, UTF-8 with or without BOM) or XLSX (first sheet)
 * file, each with the line (CSV) or row (XLSX) number the user sees in their program. A file that is
 * neither is refused through `unreadable(message)`.
 */
export function readTableFile(
  filename: string,
  bytes: Uint8Array,
  unreadable: (message: string) => Error,
): SourceRow[] {
  const xlsx = filename.toLowerCase().endsWith('.xlsx') || isZip(bytes);
  if (xlsx) {
    try {
      return readFirstSheet(bytes);
    } catch {
      throw unreadable('The file is not a readable XLSX workbook');
    }
  }
  if (bytes.includes(0)) throw unreadable('The file is not a CSV text file');
  const text = new TextDecoder('utf-8').decode(bytes);
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  try {
    const records = parse(text, {
      bom: true,
      delimiter,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    return records.map(({ record, info }) => {
      const breaks = record.reduce((sum, cell) => sum + (cell.match(/\n/g)?.length ?? 0), 0);
      return { number: info.lines - breaks, cells: record };
    });
  } catch (error) {
    if (error instanceof CsvError) throw unreadable(`The CSV could not be read: ${error.message}`);
    throw error;
  }
}
