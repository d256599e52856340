import {
  Button,
  Group,
  Select,
  type SelectProps,
  Stack,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { EDITOR_DEBOUNCE_MS, type Page } from '@prepwise/contract';
import {
  DataTable,
  type DataTableColumn,
  type DataTableProps,
  type DataTableSortStatus,
} from 'mantine-datatable';
import { type ReactNode, useEffect, useState } from 'react';
import { useLocation, useNavigation, useSearchParams } from 'react-router';
import { useTranslation } from '../../lib/i18n-react';
import { useSessionUser } from '../../lib/session';
import { ServerErrorAlert } from '../admin-ui';
import { SearchIcon } from '../icons';
import { allows, type PermissionRequirement } from '../permission-gate';

/**
 * The back office's one list (decision 013): columns in, a table out — sorting, pagination from the
 * API's page envelope, search and filters kept in the address, loading / empty / error states, row
 * actions and bulk selection — on mantine-datatable. Pages describe columns; they never write table
 * markup.
 */

/** A column; `permission` hides it from those who may not see what it shows. */
export type ListColumn<T> = DataTableColumn<T> & { permission?: PermissionRequirement };

export interface ListSort {
  column: string;
  direction: 'asc' | 'desc';
}

export interface ListState {
  page: number;
  search: string | undefined;
  /** Filter values from the address, by name (only the names given to useListState). */
  filters: Record<string, string | undefined>;
  sort: ListSort | undefined;
  /** True when search or any filter narrows the list (the empty state then says "no match"). */
  narrowed: boolean;
  setPage: (page: number) => void;
  setSearch: (search: string | null) => void;
  setFilter: (name: string, value: string | null | undefined) => void;
  setFilters: (changes: Record<string, string | null | undefined>) => void;
  setSort: (sort: ListSort | null) => void;
}

/**
 * Page, search, filters and sort kept in the address (`?page=2&search=…&status=active&sort=name:asc`),
 * so a list can be reloaded, shared and come back to with the browser's back button. Changing search,
 * a filter or the sort goes back to page 1.
 */
export function useListState(
  options: { filters?: readonly string[]; defaultSort?: ListSort } = {},
): ListState {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigation = useNavigation();
  const filterNames = options.filters ?? [];
  const update = (changes: Record<string, string | null | undefined>) => {
    // A link to another page was followed and that page is still loading (React keeps this list on screen
    // meanwhile): a filter picked now belongs to the page being left, and writing it would put its search
    // on the next page's address instead.
    if (navigation.location && navigation.location.pathname !== location.pathname) return;
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next, { replace: true, preventScrollReset: true });
  };
  const filters = Object.fromEntries(filterNames.map((name) => [name, params.get(name) || undefined]));
  const rawSort = params.get('sort');
  const [column, direction] = rawSort?.split(':') ?? [];
  const sort: ListSort | undefined =
    column && (direction === 'asc' || direction === 'desc') ? { column, direction } : options.defaultSort;
  const search = params.get('search') || undefined;
  return {
    page: Math.max(1, Number(params.get('page')) || 1),
    search,
    filters,
    sort,
    narrowed: Boolean(search) || Object.values(filters).some(Boolean),
    setPage: (page) => update({ page: page > 1 ? String(page) : null }),
    setSearch: (value) => update({ search: value }),
    setFilter: (name, value) => update({ [name]: value }),
    setFilters: update,
    setSort: (next) => update({ sort: next ? `${next.column}:${next.direction}` : null }),
  };
}

/** The search box of a list toolbar: typing updates the address after a short pause. */
export function ListSearch({ state, placeholder }: { state: ListState; placeholder?: string }) {
  const { t } = useTranslation('common');
  const [text, setText] = useState(state.search ?? '');
  // The address changed from elsewhere (back button, a link): show its search.
  useEffect(() => setText(state.search ?? ''), [state.search]);
  const location = useLocation();
  const navigation = useNavigation();
  const apply = useDebouncedCallback((next: string, typedOn: string) => {
    // A link clicked during the pause is on its way to another page, or already there when both pages
    // share this component: writing the search now would replace that navigation or land on the other
    // page's address. Only the page the text was typed on gets it.
    if (navigation.location && navigation.location.pathname !== typedOn) return;
    if (location.pathname !== typedOn) return;
    state.setSearch(next.trim() || null);
  }, EDITOR_DEBOUNCE_MS);
  // Another page (same component, other address): drop what was typed for the previous one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page's address changes
  useEffect(() => {
    apply.cancel();
    setText(state.search ?? '');
  }, [location.pathname]);
  return (
    <TextInput
      label={t('list.search')}
      placeholder={placeholder}
      leftSection={<SearchIcon size={16} />}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        apply(event.currentTarget.value, location.pathname);
      }}
      // Leaving the box applies what was typed at once. A click on a link blurs the box before the
      // link navigates, so the search is written first and the link's navigation wins; a search still
      // pending after that click would instead be written from the old page (whose tree React keeps
      // on screen while the new one loads) and take the user back to it.
      onBlur={() => apply.flush()}
      style={{ flex: '1 1 16rem' }}
      data-testid="list-search"
    />
  );
}

/** A filter of a list toolbar: a select bound to one of the state's filters, "All" when none is chosen. */
export function ListFilter({
  state,
  name,
  width,
  ...select
}: Omit<SelectProps, 'value' | 'onChange'> & { state: ListState; name: string; width: string }) {
  const { t } = useTranslation('common');
  return (
    <Select
      placeholder={t('list.all')}
      value={state.filters[name] ?? null}
      onChange={(value) => state.setFilter(name, value)}
      clearable
      style={{ flex: `0 1 ${width}` }}
      {...select}
    />
  );
}

/** The row above a list: search first, then the filters given as children. */
export function ListToolbar({ children }: { children: ReactNode }) {
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      {children}
    </Group>
  );
}

type ListQuery<T> = {
  data: Page<T> | undefined;
  error: unknown;
  isPending: boolean;
  isFetching?: boolean;
  refetch?: () => unknown;
};

export interface DataListProps<T> {
  /** The TanStack query of one page (`{ items, page, pageSize, total }`). */
  query: ListQuery<T>;
  columns: ListColumn<T>[];
  state: ListState;
  /** What the list is called, for screen readers ("Staff", "Roles"). */
  label: string;
  /** Shown when the list is empty and nothing narrows it. */
  emptyText: ReactNode;
  /** Shown when search or filters leave nothing (defaults to a generic sentence). */
  noMatchText?: ReactNode;
  /** The actions at the end of each row (edit, delete …); gate each with PermissionGate. */
  rowActions?: (record: T) => ReactNode;
  /** Bulk selection: the selected rows and what to do with them. */
  selection?: {
    selected: T[];
    onChange: (selected: T[]) => void;
    isSelectable?: (record: T) => boolean;
    actions: (selected: T[]) => ReactNode;
  };
  /** Columns the API can sort by (their accessors); others are not sortable. */
  sortable?: readonly string[];
  minWidth?: number;
  testId?: string;
  idAccessor?: (record: T) => string;
}

export function DataList<T extends { id: string }>({
  query,
  columns,
  state,
  label,
  emptyText,
  noMatchText,
  rowActions,
  selection,
  sortable = [],
  minWidth = 640,
  testId,
  idAccessor,
}: DataListProps<T>) {
  const { t } = useTranslation('common');
  const user = useSessionUser();
  if (query.error && !query.data) {
    return (
      <Stack gap="xs" data-testid={testId ? `${testId}-error` : undefined}>
        <ServerErrorAlert error={query.error} />
        {query.refetch ? (
          <Group>
            <Button variant="light" size="xs" onClick={() => query.refetch?.()}>
              {t('list.retry')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    );
  }
  const page = query.data;
  const visible: DataTableColumn<T>[] = columns
    .filter((column) => column.permission === undefined || allows(user, column.permission))
    .map(({ permission: _permission, ...column }) => ({
      ...column,
      sortable: sortable.includes(String(column.accessor)),
    }));
  if (rowActions) {
    visible.push({
      accessor: '__actions',
      title: <VisuallyHidden>{t('list.actions')}</VisuallyHidden>,
      textAlign: 'right',
      render: (record) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          {rowActions(record)}
        </Group>
      ),
    });
  }
  const sortStatus: DataTableSortStatus<T> | undefined = state.sort
    ? { columnAccessor: state.sort.column, direction: state.sort.direction }
    : undefined;
  const records = page?.items ?? [];
  const loading = query.isPending && !page;
  const empty = !loading && records.length === 0;
  const common = {
    withTableBorder: false,
    borderRadius: 'md',
    highlightOnHover: true,
    verticalSpacing: 'sm',
    minHeight: empty || loading ? 180 : undefined,
    fetching: loading || Boolean(query.isFetching && page),
    records,
    columns: visible,
    idAccessor: idAccessor ?? ((record: T) => record.id),
    noRecordsText: '',
    emptyState: empty ? (
      <Text c="dimmed" size="sm" data-testid="empty-state" ta="center" px="md">
        {state.narrowed ? (noMatchText ?? t('list.noMatch')) : emptyText}
      </Text>
    ) : (
      <span />
    ),
    'aria-label': label,
    'data-testid': testId,
    scrollAreaProps: { type: 'auto' as const },
    tableProps: { style: { minWidth } },
  };
  const pagination =
    page && page.total > 0
      ? {
          totalRecords: page.total,
          recordsPerPage: page.pageSize,
          page: page.page,
          onPageChange: state.setPage,
          paginationText: ({ from, to, totalRecords }: { from: number; to: number; totalRecords: number }) =>
            t('list.range', { from, to, total: totalRecords }),
          paginationSize: 'sm' as const,
        }
      : {};
  const sorting = sortStatus
    ? {
        sortStatus,
        onSortStatusChange: (next: DataTableSortStatus<T>) =>
          state.setSort({ column: String(next.columnAccessor), direction: next.direction }),
      }
    : {};
  const selecting = selection
    ? {
        selectedRecords: selection.selected,
        onSelectedRecordsChange: selection.onChange,
        isRecordSelectable: selection.isSelectable
          ? (record: T) => selection.isSelectable!(record)
          : undefined,
        allRecordsSelectionCheckboxProps: { 'aria-label': t('list.selectAll') },
        getRecordSelectionCheckboxProps: (record: T) => ({
          'aria-label': t('list.selectRow', { id: (idAccessor ?? ((r: T) => r.id))(record) }),
        }),
      }
    : {};
  // mantine-datatable's props are a union of exclusive groups (paged or not, sorted or not …).
  const props = { ...common, ...pagination, ...sorting, ...selecting } as unknown as DataTableProps<T>;
  return (
    <Stack gap="sm">
      {selection && selection.selected.length > 0 ? (
        <Group gap="sm" data-testid="bulk-actions">
          <Text size="sm" fw={600}>
            {t('list.selected', { count: selection.selected.length })}
          </Text>
          {selection.actions(selection.selected)}
          <Button variant="subtle" size="compact-sm" onClick={() => selection.onChange([])}>
            {t('list.clearSelection')}
          </Button>
        </Group>
      ) : null}
      <DataTable<T> {...props} />
    </Stack>
  );
}
