import { describe, expect, it } from 'vitest';
import { formatValidationMessage, getValidator, validateValue } from './validators';

const check = (name: string, value: unknown, argument?: number | string, values = {}) =>
  getValidator(name, argument)(value, values);

describe('required', () => {
  it('fails on empty string, null, undefined and empty array with common.required_field', () => {
    for (const empty of ['', null, undefined, []]) {
      expect(check('required', empty)).toEqual({ key: 'common.required_field' });
    }
  });

  it('passes any other value', () => {
    for (const value of ['a', 0, false, ['x'], { a: 1 }]) expect(check('required', value)).toBeNull();
  });
});

describe('email', () => {
  it('passes an empty value', () => {
    expect(check('email', '')).toBeNull();
    expect(check('email', undefined)).toBeNull();
  });

  it('accepts addresses whose domain suffix has 2 to 3 characters', () => {
    expect(check('email', 'lan.nguyen@prepwise.vn')).toBeNull();
    expect(check('email', 'a@b.com')).toBeNull();
    expect(check('email', 'hoc.vien@truong.edu.vn')).toBeNull();
  });

  it('rejects anything else with common.must_be_email', () => {
    for (const value of ['lan', 'lan@', 'lan@prepwise', 'lan@prepwise.c', 'lan@prepwise.info', 'a b@c.vn']) {
      expect(check('email', value)).toEqual({ key: 'common.must_be_email' });
    }
  });
});

describe('length and minLength', () => {
  it('length passes empty values and exactly n characters', () => {
    expect(check('length', '', 6)).toBeNull();
    expect(check('length', '123456', 6)).toBeNull();
    expect(check('length', '12345', 6)).toEqual({ key: 'common.must_be_length', count: 6 });
    expect(check('length', '1234567', 6)).toEqual({ key: 'common.must_be_length', count: 6 });
  });

  it('minLength passes empty values and at least n characters', () => {
    expect(check('minLength', '', 8)).toBeNull();
    expect(check('minLength', 'mậtkhẩu1', 8)).toBeNull();
    expect(check('minLength', 'ngắn', 8)).toEqual({ key: 'common.min_length', count: 8 });
  });
});

describe('confirmed', () => {
  it('must equal the other named field', () => {
    expect(check('confirmed', 'Secret#123', 'password', { password: 'Secret#123' })).toBeNull();
    expect(check('confirmed', 'Secret#124', 'password', { password: 'Secret#123' })).toEqual({
      key: 'common.passwords_do_not_match',
    });
  });
});

describe('getValidator', () => {
  it('throws for an unknown validator name', () => {
    expect(() => getValidator('phone')).toThrow('No such validator exists');
    expect(() => getValidator('toString')).toThrow('No such validator exists');
  });
});

describe('validateValue', () => {
  it('reports the first rule that fails', () => {
    const rules = ['required', ['minLength', 8]] as const;
    expect(validateValue(rules, '', {})).toEqual({ key: 'common.required_field' });
    expect(validateValue(rules, 'short', {})).toEqual({ key: 'common.min_length', count: 8 });
    expect(validateValue(rules, 'long enough', {})).toBeNull();
  });
});

describe('formatValidationMessage', () => {
  const texts: Record<string, string> = {
    'common.required_field': 'This field is required.',
    'common.field_must_be_length': 'This field must be',
    'common.minimum': 'At least',
    'common.characters': 'characters',
    'common.invalid_field': '{{field}} is not valid.',
  };
  const t = (key: string, options?: Record<string, unknown>) =>
    (texts[key] ?? key).replace('{{field}}', String(options?.field ?? ''));
  const exists = (key: string) => key in texts;

  it('writes length rules as text, number, "characters"', () => {
    expect(formatValidationMessage(t, { key: 'common.must_be_length', count: 6 }, 'Code', exists)).toBe(
      'This field must be 6 characters',
    );
    expect(formatValidationMessage(t, { key: 'common.min_length', count: 8 }, 'Password', exists)).toBe(
      'At least 8 characters',
    );
  });

  it('translates known keys and falls back to the generic "{field} is not valid."', () => {
    expect(formatValidationMessage(t, { key: 'common.required_field' }, 'Email', exists)).toBe(
      'This field is required.',
    );
    expect(formatValidationMessage(t, { key: 'something.unknown' }, 'Phone', exists)).toBe(
      'Phone is not valid.',
    );
  });
});
