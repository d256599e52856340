import { LOCALES } from '@prepwise/contract';
import { createInstance, type FlatNamespace, type ResourceLanguage } from 'i18next';
import { describe, expect, it } from 'vitest';
import { getLocaleResources, getServerT } from './i18n.server';
import { createTranslator } from './translator';

type Loose = (key: string | string[], options?: unknown, more?: unknown) => string;
const loose = (t: unknown) => t as Loose;

const resources: ResourceLanguage = {
  common: {
    greeting: 'Hello {{name}}',
    nav: { blog: { title: 'Blog' } },
    items_one: '{{count}} item',
    items_other: '{{count}} items',
    items_zero: 'no items',
    score: '{{result.correct}} of {{result.total}}',
  },
  site: { title: 'Site', apples_one: 'one apple', apples_other: '{{count}} apples' },
};

const translator = (language = 'en', bundles = resources) => createTranslator(language, bundles, 'common');

describe('translator', () => {
  it('replaces {{variables}}, also nested ones, and leaves values as given', () => {
    const t = loose(translator().t);
    expect(t('greeting', { name: '<b>Lan</b>' })).toBe('Hello <b>Lan</b>');
    expect(t('score', { result: { correct: 7, total: 10 } })).toBe('7 of 10');
    expect(t('greeting', { replace: { name: 'Minh' } })).toBe('Hello Minh');
    // As i18next: a variable not passed stays as it is; one passed as undefined or null is empty.
    expect(t('greeting')).toBe('Hello {{name}}');
    expect(t('greeting', { name: undefined })).toBe('Hello ');
    expect(t('greeting', { name: null })).toBe('Hello ');
  });

  it('does not interpolate inside a value', () => {
    expect(loose(translator().t)('greeting', { name: '{{name}}' })).toBe('Hello {{name}}');
  });

  it('picks the English plural form from count, with _zero for 0', () => {
    const t = loose(translator('en').t);
    expect(t('items', { count: 1 })).toBe('1 item');
    expect(t('items', { count: 2 })).toBe('2 items');
    expect(t('items', { count: 0 })).toBe('no items');
    expect(loose(translator('en').getFixedT('site'))('apples', { count: 0 })).toBe('0 apples');
  });

  it('uses the "other" form in Vietnamese, which has no singular', () => {
    const t = loose(translator('vi').getFixedT('site'));
    expect(t('apples', { count: 1 })).toBe('1 apples');
    expect(t('apples', { count: 3 })).toBe('3 apples');
  });

  it('looks up nested keys, in the fixed namespace or the one the key names', () => {
    const i18n = translator();
    expect(loose(i18n.t)('nav.blog.title')).toBe('Blog');
    expect(loose(i18n.getFixedT('site'))('title')).toBe('Site');
    expect(loose(i18n.getFixedT('site'))('common:nav.blog.title')).toBe('Blog');
    expect(loose(i18n.t)('site:title')).toBe('Site');
    // Several namespaces: the first that has the key.
    expect(loose(i18n.getFixedT(['site', 'common']))('greeting', { name: 'An' })).toBe('Hello An');
  });

  it('returns the key (without its namespace) when a translation is missing, else the default', () => {
    const t = loose(translator().t);
    expect(t('nav.blog.missing')).toBe('nav.blog.missing');
    expect(t('site:nothing.here')).toBe('nothing.here');
    expect(t('nav.blog')).toBe('nav.blog');
    expect(t('unknown', { defaultValue: 'Fallback {{n}}', n: 2 })).toBe('Fallback 2');
    expect(t('unknown', 'Page not found')).toBe('Page not found');
    expect(t(['unknown', 'greeting'], { name: 'Hà' })).toBe('Hello Hà');
    // A sentence with a colon is a key, not `namespace:key`.
    expect(t('Note: read this')).toBe('Note: read this');
  });

  it('tells whether a key exists, in the default namespace or another', () => {
    const i18n = translator();
    expect(i18n.exists('nav.blog.title')).toBe(true);
    expect(i18n.exists('title')).toBe(false);
    expect(i18n.exists('title', { ns: 'site' })).toBe(true);
    expect(i18n.exists('site:title')).toBe(true);
    expect(i18n.exists('site:missing')).toBe(false);
    expect(i18n.exists('items')).toBe(false);
  });

  it('translates a namespace added later, with fixed t functions made before', () => {
    const i18n = translator('en', { common: { hello: 'Hi' } });
    const t = loose(i18n.getFixedT('home'));
    expect(t('hero.title')).toBe('hero.title');
    expect(i18n.hasResourceBundle('home')).toBe(false);
    const before = i18n.size;
    i18n.addResourceBundle('home', { hero: { title: 'Practise English' } });
    expect(i18n.hasResourceBundle('home')).toBe(true);
    expect(i18n.size).toBe(before + 1);
    expect(t('hero.title')).toBe('Practise English');
    expect(i18n.exists('home:hero.title')).toBe(true);
  });

  it('serves loaders and meta on the server in the requested language', () => {
    expect(getServerT('vi', 'common')('brand')).toBe(
      (getLocaleResources('vi').common as { brand: string }).brand,
    );
    expect(getServerT('en', 'errors')('api.generic')).toBe(
      (getLocaleResources('en').errors as { api: { generic: string } }).api.generic,
    );
  });
});

/** Every leaf key of a namespace, dotted, with plural suffixes folded into the base key. */
function keysOf(tree: unknown, prefix = ''): string[] {
  if (typeof tree !== 'object' || tree === null) return [prefix];
  return Object.entries(tree).flatMap(([key, child]) =>
    keysOf(
      child,
      prefix ? `${prefix}.${key.replace(/_(one|other)$/, '')}` : key.replace(/_(one|other)$/, ''),
    ),
  );
}

describe('the app translations, compared with i18next', () => {
  it.each([...LOCALES])(
    'gives the same text as i18next for every key in %s',
    (locale) => {
      const bundles = getLocaleResources(locale);
      const reference = createInstance();
      void reference.init({
        lng: locale,
        fallbackLng: false,
        resources: { [locale]: bundles },
        ns: Object.keys(bundles),
        defaultNS: 'common',
        initAsync: false,
        interpolation: { escapeValue: false },
      });
      const ours = createTranslator(locale, bundles, 'common');
      let compared = 0;
      // Collected and compared once at the end: one expect per key made the test slow as the app grew.
      const mismatches: unknown[] = [];
      for (const namespace of Object.keys(bundles) as FlatNamespace[]) {
        const expected = loose(reference.getFixedT(locale, namespace));
        const actual = loose(ours.getFixedT(namespace));
        // A value for every variable the namespace uses.
        const variables = Object.fromEntries(
          [...JSON.stringify(bundles[namespace]).matchAll(/\{\{([^}]+)\}\}/g)].map((match) => [
            match[1]!.trim(),
            `<${match[1]}>`,
          ]),
        );
        for (const key of new Set(keysOf(bundles[namespace]))) {
          for (const options of [
            undefined,
            variables,
            { ...variables, count: 0 },
            { ...variables, count: 1 },
            { count: 7 },
          ]) {
            const [got, want] = [actual(key, options), expected(key, options)];
            if (got !== want) mismatches.push({ key: `${namespace}:${key}`, options, got, want });
            compared++;
          }
          if (ours.exists(`${namespace}:${key}`) !== reference.exists(`${namespace}:${key}`)) {
            mismatches.push({ key: `${namespace}:${key}`, exists: reference.exists(`${namespace}:${key}`) });
          }
        }
        for (const key of ['missing', 'missing.nested', 'common:brand', 'errors:api.generic', 'nope:x.y']) {
          expect(actual(key)).toBe(expected(key));
          expect(ours.exists(key, { ns: namespace })).toBe(reference.exists(key, { ns: namespace }));
        }
      }
      expect(mismatches).toEqual([]);
      expect(compared).toBeGreaterThan(1000);
    },
    20_000,
  );
});
