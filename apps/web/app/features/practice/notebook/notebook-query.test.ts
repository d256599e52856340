import { describe, expect, it } from 'vitest';
import { notebookApiFilter, readNotebookQuery } from './notebook-query';

const read = (search: string) => readNotebookQuery(new URL(`http://localhost/mistakes${search}`));

describe('the notebook page address', () => {
  it('defaults to the questions to review, page 1', () => {
    expect(read('')).toEqual({ view: 'to_review', test_id: null, section_id: null, type_id: null, page: 1 });
  });

  it('ignores unknown views, odd ids and pages out of range', () => {
    expect(read('?view=everything&test=%3Cscript%3E&page=-4')).toMatchObject({
      view: 'to_review',
      test_id: null,
      page: 1,
    });
    expect(read('?page=99999').page).toBe(1000);
  });

  it('asks the API for every bookmarked question in the bookmarks view, with the filters', () => {
    const query = read('?view=bookmarked&test=7d3c9a1e-0000-4000-8000-000000000001&part=s1&type=t1');
    expect(notebookApiFilter(query)).toEqual({
      status: 'all',
      bookmarked: 'true',
      test_id: '7d3c9a1e-0000-4000-8000-000000000001',
      section_id: 's1',
      type_id: 't1',
    });
    expect(notebookApiFilter(read('?view=learned'))).toEqual({ status: 'learned' });
  });
});
