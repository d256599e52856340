import { Anchor, Button, Card, type MantineTheme, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/format';
import { PlusIcon } from '../icons';
import { PageHeader } from '../page-header';
import { PermissionGate, type PermissionRequirement } from '../permission-gate';
import { DataList, type DataListProps, type ListColumn, ListSearch, ListToolbar } from './data-list';

/**
 * A whole back-office list page: the document title, the page header with its actions, and a card
 * with the search box, the page's filters and its DataList (labelled with the page title). Pages
 * give their columns, filters and row actions only.
 */
export interface ListPageProps<T> extends Omit<DataListProps<T>, 'label'> {
  title: string;
  description?: ReactNode;
  /** The header's "add" button: where it leads, its text, and who may see it. */
  create?: { to: string; label: string; permission?: PermissionRequirement };
  /** Other header actions (import …), before the add button, each gated by the page. */
  actions?: ReactNode;
  /** A line above the search box, about what the list holds. */
  intro?: ReactNode;
  searchPlaceholder?: string;
  /** The filters after the search box (selects bound to `state`). */
  filters?: ReactNode;
}

export function ListPage<T extends { id: string }>({
  title,
  description,
  actions,
  create,
  intro,
  searchPlaceholder,
  filters,
  minWidth = 560,
  ...list
}: ListPageProps<T>) {
  return (
    <>
      <title>{`${title} · Prepwise`}</title>
      <PageHeader
        title={title}
        description={description}
        actions={
          actions || create ? (
            <>
              {actions}
              {create ? (
                <PermissionGate permission={create.permission ?? true}>
                  <Button component={Link} to={create.to} leftSection={<PlusIcon size={16} />}>
                    {create.label}
                  </Button>
                </PermissionGate>
              ) : null}
            </>
          ) : undefined
        }
      />
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md">
          {intro}
          <ListToolbar>
            <ListSearch state={list.state} placeholder={searchPlaceholder} />
            {filters}
          </ListToolbar>
          <DataList<T> label={title} minWidth={minWidth} {...list} />
        </Stack>
      </Card>
    </>
  );
}

/** For `visibleMediaQuery`: a column phones leave out (from the sm breakpoint up). */
export const fromSm = (theme: MantineTheme) => `(min-width: ${theme.breakpoints.sm})`;
/** For `visibleMediaQuery`: a column only wide screens show (from the md breakpoint up). */
export const fromMd = (theme: MantineTheme) => `(min-width: ${theme.breakpoints.md})`;

/** The first column of most lists: the record's name (its `accessor`) as a link, with a dimmed line under it. */
export function linkColumn<T>(
  accessor: keyof T & string,
  title: string,
  to: (record: T) => string,
  below?: (record: T) => ReactNode,
): ListColumn<T> {
  return {
    accessor,
    title,
    render: (record) => (
      <>
        <Anchor component={Link} to={to(record)} fw={600}>
          {String(record[accessor])}
        </Anchor>
        {below ? (
          <Text size="xs" c="dimmed" component="div">
            {below(record)}
          </Text>
        ) : null}
      </>
    ),
  };
}

/** A record's name (its `accessor`) in bold, with an optional dimmed line under it (one line at most). */
export function nameColumn<T>(
  accessor: keyof T & string,
  title: string,
  below?: (record: T) => ReactNode,
): ListColumn<T> {
  return {
    accessor,
    title,
    render: (record) => (
      <>
        <Text fw={600} size="sm">
          {String(record[accessor])}
        </Text>
        {below?.(record) ? (
          <Text size="xs" c="dimmed" lineClamp={1}>
            {below(record)}
          </Text>
        ) : null}
      </>
    ),
  };
}

/** A code-like value (a slug, a score section) in monospace. */
export function codeColumn<T>(
  accessor: keyof T & string,
  title: string,
  visibleMediaQuery?: ListColumn<T>['visibleMediaQuery'],
): ListColumn<T> {
  return {
    accessor,
    title,
    visibleMediaQuery,
    render: (record) => (
      <Text size="sm" ff="monospace">
        {String(record[accessor])}
      </Text>
    ),
  };
}

/** A date-and-time column in the reader's language, shown on wide screens. */
export function dateColumn<T>(accessor: keyof T & string, title: string, language: string): ListColumn<T> {
  return {
    accessor,
    title,
    visibleMediaQuery: fromMd,
    render: (record) => <Text size="sm">{formatDateTime(record[accessor] as string | null, language)}</Text>,
  };
}

/** A small link button of a row (edit, view …); `label` names the record for screen readers. */
export function RowLink({
  to,
  children,
  label,
  variant = 'light',
  external,
  visibleFrom,
}: {
  to: string;
  children: ReactNode;
  label?: string;
  variant?: 'light' | 'subtle';
  /** A public page, opened in a new tab. */
  external?: boolean;
  visibleFrom?: 'sm';
}) {
  const common = { variant, size: 'compact-sm', 'aria-label': label, visibleFrom } as const;
  return external ? (
    <Button component="a" href={to} target="_blank" {...common}>
      {children}
    </Button>
  ) : (
    <Button component={Link} to={to} {...common}>
      {children}
    </Button>
  );
}
