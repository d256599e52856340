import { Alert, Button, Container, Text, Title } from '@mantine/core';
import { type CatalogueFilters, type CatalogueItem, localName, type Page } from '@prepwise/contract';
import { type FormEvent, type ReactNode, useId } from 'react';
import { Form, Link, useSubmit } from 'react-router';
import { SearchIcon } from '../../../components/icons';
import { type ApiQuery, buildPath } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n-react';
import classes from '../practice.module.css';
import { TestCard } from './test-card';

export const CATALOGUE_SORTS = ['newest', 'popular', 'title'] as const;
export const CATALOGUE_PAGE_SIZE = 12;

/** The catalogue's filters as they appear in the URL (shareable, readable without JavaScript). */
export interface CatalogueQuery {
  category?: string;
  exam?: string;
  level?: string;
  access?: 'free' | 'pack';
  search?: string;
  sort: (typeof CATALOGUE_SORTS)[number];
  page: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Reads the URL leniently: an unknown value is dropped instead of failing the page. */
export function readCatalogueQuery(params: URLSearchParams): CatalogueQuery {
  const pick = (name: string, max = 120) => params.get(name)?.trim().slice(0, max) || undefined;
  const sort = params.get('sort');
  const access = params.get('access');
  const exam = pick('exam');
  const level = pick('level');
  return {
    category: pick('category'),
    exam: exam && UUID.test(exam) ? exam : undefined,
    level: level && UUID.test(level) ? level : undefined,
    access: access === 'free' || access === 'pack' ? access : undefined,
    search: pick('search', 200),
    sort: CATALOGUE_SORTS.find((value) => value === sort) ?? 'newest',
    page: Math.max(1, Math.min(1000, Math.floor(Number(params.get('page'))) || 1)),
  };
}

/** The API query of a catalogue query. */
/** The API's query for the catalogue's query (typed as the API declares it). */
export function catalogueApiParams(
  query: CatalogueQuery,
  pageSize = CATALOGUE_PAGE_SIZE,
): ApiQuery<'/public/tests'> {
  const params: ApiQuery<'/public/tests'> = { page: query.page, pageSize, sort: query.sort };
  if (query.category) params.category = query.category;
  if (query.exam) params.exam_id = query.exam;
  if (query.level) params.level_id = query.level;
  if (query.access) params.access = query.access;
  if (query.search) params.search = query.search;
  return params;
}

/** {@link catalogueApiParams} as a query string. */
export function catalogueApiQuery(query: CatalogueQuery, pageSize = CATALOGUE_PAGE_SIZE): string {
  return buildPath('', { query: catalogueApiParams(query, pageSize) }).replace(/^\?/, '');
}

function hrefFor(query: CatalogueQuery): string {
  const params = new URLSearchParams();
  if (query.category) params.set('category', query.category);
  if (query.exam) params.set('exam', query.exam);
  if (query.level) params.set('level', query.level);
  if (query.access) params.set('access', query.access);
  if (query.search) params.set('search', query.search);
  if (query.sort !== 'newest') params.set('sort', query.sort);
  if (query.page > 1) params.set('page', String(query.page));
  const search = params.toString();
  return `/tests${search ? `?${search}` : ''}`;
}

/** /tests: published tests with filters kept in the URL. */
export function CataloguePage({
  tests,
  filters,
  query,
}: {
  tests: Page<CatalogueItem>;
  filters: CatalogueFilters;
  query: CatalogueQuery;
}) {
  const { t, i18n } = useTranslation('practice');
  const submit = useSubmit();
  const name = (named: { name: string; name_en: string | null }) => localName(named, i18n.language);
  const pages = Math.max(1, Math.ceil(tests.total / tests.pageSize));
  const category = filters.categories.find((item) => item.slug === query.category);
  const examGroups = (category ? [category] : filters.categories)
    .filter((item) => item.exams.length > 0)
    .map((item) => ({
      group: name(item),
      items: item.exams.map((exam) => ({ value: exam.id, label: name(exam) })),
    }));
  // A changed list applies at once — here, or on the static page by its script (`data-autosubmit`,
  // lib/static-page.ts); without any script, the Apply button submits the form.
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    if (event.target instanceof HTMLSelectElement) {
      const form = event.currentTarget;
      const clears = event.target.dataset.clears;
      const cleared = clears ? form.elements.namedItem(clears) : null;
      if (cleared instanceof HTMLSelectElement) cleared.value = '';
      void submit(form, { preventScrollReset: true });
    }
  };
  const filtered = Boolean(query.category || query.exam || query.level || query.access || query.search);

  return (
    <>
      <div className={classes.hero}>
        <Container size="lg">
          <Title order={1}>
            {category ? t('catalogue.titleIn', { name: name(category) }) : t('catalogue.title')}
          </Title>
          <Text c="dimmed" size="lg" mt="xs" maw={680}>
            {t('catalogue.lead')}
          </Text>
          <Form
            method="get"
            action="/tests"
            role="search"
            onChange={onChange}
            data-autosubmit=""
            className={classes.filters}
          >
            <SearchField
              name="search"
              label={t('catalogue.search')}
              placeholder={t('catalogue.searchPlaceholder')}
              defaultValue={query.search ?? ''}
            />
            <SelectField
              name="category"
              label={t('catalogue.category')}
              defaultValue={query.category ?? ''}
              clears="exam"
            >
              <option value="">{t('catalogue.all')}</option>
              {filters.categories.map((item) => (
                <option key={item.slug} value={item.slug}>
                  {name(item)}
                </option>
              ))}
            </SelectField>
            <SelectField name="exam" label={t('catalogue.exam')} defaultValue={query.exam ?? ''}>
              <option value="">{t('catalogue.all')}</option>
              {examGroups.map((group) => (
                <optgroup key={group.group} label={group.group}>
                  {group.items.map((item) => (
                    <option key={item.value} value={item.value}>
                      {item.label}
                    </option>
                  ))}
                </optgroup>
              ))}
            </SelectField>
            <SelectField name="level" label={t('catalogue.level')} defaultValue={query.level ?? ''}>
              <option value="">{t('catalogue.all')}</option>
              {filters.levels.map((level) => (
                <option key={level.id} value={level.id}>
                  {name(level)}
                </option>
              ))}
            </SelectField>
            <SelectField name="access" label={t('catalogue.access')} defaultValue={query.access ?? ''}>
              <option value="">{t('catalogue.all')}</option>
              <option value="free">{t('access.free')}</option>
              <option value="pack">{t('access.pack')}</option>
            </SelectField>
            <SelectField name="sort" label={t('catalogue.sort')} defaultValue={query.sort}>
              {CATALOGUE_SORTS.map((value) => (
                <option key={value} value={value}>
                  {t(`catalogue.sorts.${value}`)}
                </option>
              ))}
            </SelectField>
            <Button type="submit">{t('catalogue.apply')}</Button>
          </Form>
        </Container>
      </div>
      <Container size="lg" py="xl">
        <Text aria-live="polite" c="dimmed" size="sm" data-testid="catalogue-count">
          {t('catalogue.count', { count: tests.total })}
          {filtered ? (
            <>
              {' · '}
              <Link to="/tests">{t('catalogue.clear')}</Link>
            </>
          ) : null}
        </Text>
        {tests.items.length === 0 ? (
          <Alert variant="light" color="gray" mt="lg" data-testid="empty-state">
            {filtered ? t('catalogue.noMatch') : t('catalogue.none')}
          </Alert>
        ) : (
          <div className={classes.grid} style={{ marginTop: '1rem' }}>
            {tests.items.map((test) => (
              <TestCard key={test.id} test={test} />
            ))}
          </div>
        )}
        {pages > 1 ? (
          <nav aria-label={t('catalogue.pagination')} className={classes.pager}>
            {Array.from({ length: pages }, (_, index) => index + 1).map((page) => (
              <Link
                key={page}
                to={hrefFor({ ...query, page })}
                className={classes.pagerLink}
                aria-current={page === query.page ? 'page' : undefined}
                aria-label={t('catalogue.pageN', { page })}
              >
                {page}
              </Link>
            ))}
          </nav>
        ) : null}
      </Container>
    </>
  );
}

/*
 * The filters are plain form controls styled with the theme's variables: a public page does not need
 * Mantine's input machinery (its InputBase, Combobox chevron and close button weigh 5 KB gzipped).
 */
function SelectField({
  name,
  label,
  defaultValue,
  clears,
  children,
}: {
  name: string;
  label: string;
  defaultValue: string;
  /** A list emptied when this one changes (the exams of another category). */
  clears?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className={classes.field}>
      <label htmlFor={id} className={classes.fieldLabel}>
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue}
        data-clears={clears}
        className={`${classes.control} ${classes.select}`}
      >
        {children}
      </select>
    </div>
  );
}

function SearchField({
  name,
  label,
  placeholder,
  defaultValue,
}: {
  name: string;
  label: string;
  placeholder: string;
  defaultValue: string;
}) {
  const id = useId();
  return (
    <div className={`${classes.field} ${classes.searchField}`}>
      <label htmlFor={id} className={classes.fieldLabel}>
        {label}
      </label>
      <div className={classes.searchBox}>
        <SearchIcon size={16} className={classes.searchIcon} aria-hidden />
        <input
          id={id}
          name={name}
          type="search"
          placeholder={placeholder}
          defaultValue={defaultValue}
          className={`${classes.control} ${classes.searchInput}`}
        />
      </div>
    </div>
  );
}
