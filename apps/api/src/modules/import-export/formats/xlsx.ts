import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { MalformedFileError, type ParseResult } from '../model';
import { children, find, findAll, parseXml, textContent, type XmlElement } from '../xml';
import { parseRows, type SourceRow } from './table';

const columnIndex = (ref: string) => {
  const letters = /^[A-Z]+/.exec(ref)?.[0] ?? 'A';
  let index = 0;
  for (const letter of letters) index = index * 26 + (letter.charCodeAt(0) - 64);
  return index - 1;
};
const columnName = (index: number) => {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
};

function unzipWorkbook(bytes: Uint8Array) {
  try {
    return unzipSync(bytes);
  } catch {
    throw new MalformedFileError('the file is not an XLSX workbook (it is not a zip archive)');
  }
}

/** The cells of the first worksheet, as rows numbered as in the spreadsheet. */
export function readFirstSheet(bytes: Uint8Array): SourceRow[] {
  const files = unzipWorkbook(bytes);
  const read = (name: string) => (files[name] ? parseXml(strFromU8(files[name]!), name) : null);
  const workbook = read('xl/workbook.xml');
  if (!workbook) throw new MalformedFileError('the file is not an XLSX workbook (no xl/workbook.xml)');
  const firstSheet = find(workbook, 'sheet');
  const relId = firstSheet?.attrs['r:id'] ?? firstSheet?.attrs.id;
  const rels = read('xl/_rels/workbook.xml.rels');
  const target = rels
    ? findAll(rels, 'Relationship').find((rel) => rel.attrs.Id === relId)?.attrs.Target
    : undefined;
  const sheetPath = target
    ? target.startsWith('/')
      ? target.slice(1)
      : `xl/${target.replace(/^\.\//, '')}`
    : 'xl/worksheets/sheet1.xml';
  const sheet = read(sheetPath);
  if (!sheet) throw new MalformedFileError('the workbook has no worksheet');
  const shared = read('xl/sharedStrings.xml');
  const strings = shared
    ? children(shared, 'si').map((si) =>
        findAll(si, 't')
          .filter((t) => !isPhonetic(si, t))
          .map(textContent)
          .join(''),
      )
    : [];
  return findAll(sheet, 'row').map((row, position) => {
    const cells: string[] = [];
    children(row, 'c').forEach((cell, cellPosition) => {
      const ref = cell.attrs.r;
      const index = ref ? columnIndex(ref) : cellPosition;
      const type = cell.attrs.t;
      const value = find(cell, 'v');
      let text = '';
      if (type === 's') text = strings[Number(value ? textContent(value) : -1)] ?? '';
      else if (type === 'inlineStr') text = findAll(cell, 't').map(textContent).join('');
      else if (type === 'b') text = value && textContent(value) === '1' ? 'TRUE' : 'FALSE';
      else text = value ? textContent(value) : '';
      cells[index] = text;
    });
    for (let i = 0; i < cells.length; i++) cells[i] ??= '';
    return { number: Number(row.attrs.r) || position + 1, cells };
  });
}

/** Phonetic runs (<rPh>) of East Asian text are not part of the cell's value. */
function isPhonetic(si: XmlElement, t: XmlElement) {
  return children(si, 'rPh').some((rph) => findAll(rph, 't').includes(t));
}

export function parseXlsx(bytes: Uint8Array): ParseResult {
  return parseRows(readFirstSheet(bytes), 'row');
}

const escapeCell = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    // Characters XML 1.0 cannot hold.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, '');

export interface Sheet {
  name: string;
  rows: string[][];
  /** Column widths in characters. */
  widths?: number[];
}

function sheetXml(sheet: Sheet) {
  const cols = sheet.widths?.length
    ? `<cols>${sheet.widths.map((width, i) => `<col min="${i + 1}" max="${i + 1}" width="${width}" customWidth="1"/>`).join('')}</cols>`
    : '';
  const rows = sheet.rows
    .map((row, r) => {
      const cells = row
        .map((value, c) =>
          value === ''
            ? ''
            : `<c r="${columnName(c)}${r + 1}" t="inlineStr"${r === 0 ? ' s="1"' : ' s="2"'}><is><t xml:space="preserve">${escapeCell(value)}</t></is></c>`,
        )
        .join('');
      return `<row r="${r + 1}">${cells}</row>`;
    })
    .join('');
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>${cols}<sheetData>${rows}</sheetData></worksheet>`;
}

const STYLES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="49" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" applyAlignment="1"><alignment wrapText="1" vertical="top"/></xf></cellXfs></styleSheet>`;

/** A workbook of text cells (first row bold and frozen), readable by Excel, LibreOffice and this importer. */
export function writeXlsx(sheets: Sheet[]): Uint8Array {
  const files: Record<string, Uint8Array> = {
    '[Content_Types].xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>${sheets.map((_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join('')}</Types>`,
    ),
    '_rels/.rels': strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    'xl/workbook.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>${sheets.map((sheet, i) => `<sheet name="${escapeCell(sheet.name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('')}</sheets></workbook>`,
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheets.map((_, i) => `<Relationship Id="rId${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`).join('')}<Relationship Id="rId${sheets.length + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`,
    ),
    'xl/styles.xml': strToU8(STYLES),
  };
  sheets.forEach((sheet, i) => {
    files[`xl/worksheets/sheet${i + 1}.xml`] = strToU8(sheetXml(sheet));
  });
  return zipSync(files, { level: 6 });
}
