import { API_BASE } from '@prepwise/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type BackOfficeScope, useBackOfficeScope } from '../../components/back-office/scope';
import { useInvalidating } from '../../lib/admin-query';
import { type ApiBody, type ApiQuery, apiClient, buildPath, scoped } from '../../lib/api-client';

const KEY = ['payments'] as const;
export const TRANSACTIONS_PAGE_SIZE = 20;

export function useWallet() {
  return useQuery({ queryKey: [...KEY, 'wallet'], queryFn: () => apiClient.get('/user/wallet') });
}

export function useMyOrders() {
  return useQuery({ queryKey: [...KEY, 'orders'], queryFn: () => apiClient.get('/user/orders') });
}

export const startTopUp = (amount: number) =>
  apiClient.post('/user/wallet/top-up', { body: { amount_vnd: amount } });

export const buyPack = (packId: string, method: 'wallet' | 'vnpay') =>
  apiClient.post('/user/packs/{id}/buy', { path: { id: packId }, body: { method } });

export const readPaymentReturn = (search: string) => apiClient.get('/user/payments/return', { search });

// ---------------------------------------------------------------- transactions (both scopes, issue 27)

/**
 * The transactions list's filters: the same in the platform's scope (every order) and an organization's
 * (its own; the API scopes them by the caller, never by the query).
 */
export type TransactionFilters = Omit<ApiQuery<'/admin/transactions'>, 'pageSize'> & { page: number };

const transactionsKey = (scope: BackOfficeScope) => [...scope.key, 'transactions'] as const;

export function useTransactions(filters: TransactionFilters) {
  const scope = useBackOfficeScope();
  return useQuery({
    queryKey: [...transactionsKey(scope), filters],
    queryFn: () =>
      scoped(scope).get('/transactions', {
        query: { ...filters, pageSize: TRANSACTIONS_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });
}

/** The CSV of the filtered transactions, in the scope (a link the browser downloads). */
export function transactionsExportHref(
  scope: BackOfficeScope,
  filters: Omit<TransactionFilters, 'page'>,
): string {
  return `${API_BASE}${scope.api(buildPath('/transactions/export', { query: filters }))}`;
}

/** A refund: the platform's only (an organization's package money went to the platform's account). */
export function useRefund() {
  const scope = useBackOfficeScope();
  return useInvalidating(
    (id: string) => scoped<'/admin'>(scope).post('/transactions/{id}/refund', { path: { id } }),
    transactionsKey(scope),
  );
}

// ---------------------------------------------------------------- organization packages (issue 16)

const PACKAGES_KEY = ['admin', 'organization-packages'] as const;
const PLAN_KEY = ['organization', 'package'] as const;

export function usePackageList(query: { page: number; search?: string }) {
  return useQuery({
    queryKey: [...PACKAGES_KEY, 'list', query],
    queryFn: () => apiClient.get('/admin/organization-packages', { query: { pageSize: 20, ...query } }),
    placeholderData: keepPreviousData,
  });
}

export function usePackage(id: string) {
  return useQuery({
    queryKey: [...PACKAGES_KEY, 'one', id],
    queryFn: () => apiClient.get('/admin/organization-packages/{id}', { path: { id } }),
  });
}

export function useSavePackage(id?: string) {
  return useInvalidating(
    (body: ApiBody<'/admin/organization-packages'>) =>
      id
        ? apiClient.put('/admin/organization-packages/{id}', { path: { id }, body })
        : apiClient.post('/admin/organization-packages', { body }),
    PACKAGES_KEY,
  );
}

export function useDeletePackage() {
  return useInvalidating(
    (id: string) => apiClient.delete('/admin/organization-packages/{id}', { path: { id } }),
    PACKAGES_KEY,
  );
}

export function useOrganizationPlan() {
  return useQuery({ queryKey: PLAN_KEY, queryFn: () => apiClient.get('/educator/package') });
}

export const buyOrganizationPackage = (packageId: string) =>
  apiClient.post('/educator/package/buy', { body: { package_id: packageId } });

export const readOrganizationReturn = (search: string) =>
  apiClient.get('/educator/payments/return', { search });
