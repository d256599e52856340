import { describe, expect, it } from 'vitest';
import { importDetail, parseImportLocation } from './import-location';

describe('import locations', () => {
  it('reads CSV lines and sheet rows, single or ranges, as one kind', () => {
    expect(parseImportLocation('line 2')).toEqual({ key: 'row', n: '2', rest: '' });
    expect(parseImportLocation('line 3–4')).toEqual({ key: 'row', n: '3–4', rest: '' });
    expect(parseImportLocation('row 3–4')).toEqual({ key: 'row', n: '3–4', rest: '' });
  });

  it('keeps the name of a Moodle question or QTI item', () => {
    expect(parseImportLocation('question 2 "Tense"')).toEqual({ key: 'question', n: '2', rest: ' "Tense"' });
    expect(parseImportLocation('item 1 "q1"')).toEqual({ key: 'item', n: '1', rest: ' "q1"' });
    expect(parseImportLocation('9b2c')).toEqual({ key: null, text: '9b2c' });
  });

  it('drops the location the row already shows from the detail', () => {
    expect(importDetail('line 4: level "Z9" does not exist')).toBe('level "Z9" does not exist');
    expect(importDetail('row 3–4: cannot be read')).toBe('cannot be read');
    expect(importDetail('answer is not valid')).toBe('answer is not valid');
  });
});
