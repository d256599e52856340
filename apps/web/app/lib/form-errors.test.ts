import { describe, expect, it } from 'vitest';
import { ApiError, toApiError } from './api-error';
import { changedErrorFields, refusalKeys, shownFieldsOf } from './form-errors';

const known = new Set([
  'question.answer_unknown_option',
  'structure.part_in_use',
  'common.taken',
  'common.required',
]);
const exists = (key: string) => known.has(key);

describe('refusalKeys', () => {
  it('never carries the server sentence: a 422 on a field no input shows gives its key only', () => {
    const error = new ApiError({
      code: 422,
      key: 'VALIDATION_FAILED',
      message: 'answer is not valid for single_choice (question.answer_unknown_option)',
      errors: { answer: 'question.answer_unknown_option', name: 'common.required' },
    });
    const result = refusalKeys(error, ['name'], exists);
    expect(result).toEqual({ reasons: [], fields: [['answer', 'question.answer_unknown_option']] });
    expect(JSON.stringify(result)).not.toContain('not valid');
  });

  it('takes the `id` entry as the reason of the whole refusal', () => {
    const error = new ApiError({
      code: 409,
      key: 'CONFLICT',
      message: 'Part is in use',
      errors: { id: 'structure.part_in_use' },
    });
    expect(refusalKeys(error, [], exists)).toEqual({ reasons: ['structure.part_in_use'], fields: [] });
  });

  it('explains a conflict by its entries, without repeating them as field lines', () => {
    const error = new ApiError({
      code: 409,
      key: 'CONFLICT',
      message: 'x',
      errors: { slug: 'common.taken' },
    });
    expect(refusalKeys(error, [], exists)).toEqual({ reasons: ['common.taken'], fields: [] });
  });

  it('drops keys that have no translation and ignores what is not an API error', () => {
    const error = new ApiError({
      code: 422,
      key: 'VALIDATION_FAILED',
      message: 'x',
      errors: { a: 'nope.key' },
    });
    expect(refusalKeys(error, [], exists)).toEqual({ reasons: [], fields: [] });
    expect(refusalKeys(new Error('boom'), [], exists)).toEqual({ reasons: [], fields: [] });
  });
});

describe('changedErrorFields', () => {
  it('names the fields with an error whose value changed (nested paths and lists too)', () => {
    const previous = { name: '', owner: { email: '' }, table: [{ raw: 0 }], untouched: '' };
    const next = { name: 'A', owner: { email: 'a@b.c' }, table: [{ raw: 0 }, { raw: 1 }], untouched: '' };
    expect(
      changedErrorFields(
        {
          name: 'common.required',
          'owner.email': 'common.required',
          table: 'x',
          untouched: 'common.required',
        },
        previous,
        next,
      ),
    ).toEqual(['name', 'owner.email', 'table']);
  });

  it('leaves fields without an error alone', () => {
    expect(changedErrorFields({ name: undefined }, { name: '' }, { name: 'A' })).toEqual([]);
  });
});

describe('shownFieldsOf', () => {
  it('lists every leaf and every list of the values', () => {
    expect(shownFieldsOf({ name: 'x', table: [{ raw: 0 }], exam_id: null })).toEqual([
      'name',
      'table',
      'table.0',
      'table.0.raw',
      'exam_id',
    ]);
  });
});

describe('error params', () => {
  it('keeps the values a refusal names (a question type used by 12 questions), dropping other shapes', () => {
    const error = toApiError({
      statusCode: 409,
      key: 'CONFLICT',
      message: '12 question(s) use this type',
      errors: { id: 'structure.answer_kind_in_use' },
      params: { count: 12, name: 'Essay', nested: { no: true } },
    });
    expect(error.params).toEqual({ count: 12, name: 'Essay' });
    expect(toApiError({ statusCode: 409, key: 'CONFLICT', message: 'x' }).params).toBeUndefined();
  });
});
