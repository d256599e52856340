import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { toQuery, useInvalidating } from '../../lib/admin-query';
import { type ApiBody, type ApiQuery, apiClient } from '../../lib/api-client';

const KEY = ['payments'] as const;
const ADMIN_KEY = ['admin-transactions'] as const;
export const ADMIN_TRANSACTIONS_PAGE_SIZE = 20;

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

export type AdminTransactionFilters = Omit<ApiQuery<'/admin/transactions'>, 'pageSize'> & { page: number };

export function adminTransactionsQuery(filters: Omit<AdminTransactionFilters, 'page'>) {
  return toQuery({ ...filters });
}

export function useAdminTransactions(filters: AdminTransactionFilters) {
  return useQuery({
    queryKey: [...ADMIN_KEY, filters],
    queryFn: () =>
      apiClient.get('/admin/transactions', {
        query: { ...filters, pageSize: ADMIN_TRANSACTIONS_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useRefund() {
  return useInvalidating(
    (id: string) => apiClient.post('/admin/transactions/{id}/refund', { path: { id } }),
    ADMIN_KEY,
  );
}

// ---------------------------------------------------------------- organization packages (issue 16)

const PACKAGES_KEY = ['admin', 'organization-packages'] as const;
const PLAN_KEY = ['organization', 'package'] as const;
const ORGANIZATION_ORDERS_KEY = ['organization', 'transactions'] as const;
export const ORGANIZATION_TRANSACTIONS_PAGE_SIZE = 20;

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

export function useOrganizationOrders(page: number) {
  return useQuery({
    queryKey: [...ORGANIZATION_ORDERS_KEY, page],
    queryFn: () =>
      apiClient.get('/educator/transactions', {
        query: { page, pageSize: ORGANIZATION_TRANSACTIONS_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });
}
