import type {
  AdminOrdersResult,
  CheckoutResult,
  OrderStatus,
  OrganizationOrder,
  OrganizationPackage,
  OrganizationPackageBody,
  OrganizationPlan,
  Page,
  PaymentOrder,
  PaymentReturn,
  Wallet,
} from '@prepwise/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { toQuery, useInvalidating } from '../../lib/admin-query';
import { api } from '../../lib/api-client';

const KEY = ['payments'] as const;
const ADMIN_KEY = ['admin-transactions'] as const;
export const ADMIN_TRANSACTIONS_PAGE_SIZE = 20;

export function useWallet() {
  return useQuery({ queryKey: [...KEY, 'wallet'], queryFn: () => api.get<Wallet>('/user/wallet') });
}

export function useMyOrders() {
  return useQuery({ queryKey: [...KEY, 'orders'], queryFn: () => api.get<PaymentOrder[]>('/user/orders') });
}

export const startTopUp = (amount: number) =>
  api.post<CheckoutResult>('/user/wallet/top-up', { amount_vnd: amount });

export const buyPack = (packId: string, method: 'wallet' | 'vnpay') =>
  api.post<CheckoutResult>(`/user/packs/${packId}/buy`, { method });

export const readPaymentReturn = (search: string) => api.get<PaymentReturn>(`/user/payments/return${search}`);

export interface AdminTransactionFilters {
  page: number;
  q?: string;
  status?: OrderStatus;
  method?: string;
  kind?: string;
  from?: string;
  to?: string;
}

export function adminTransactionsQuery(filters: Omit<AdminTransactionFilters, 'page'>) {
  return toQuery({ ...filters });
}

export function useAdminTransactions(filters: AdminTransactionFilters) {
  return useQuery({
    queryKey: [...ADMIN_KEY, filters],
    queryFn: () =>
      api.get<AdminOrdersResult>(
        `/admin/transactions?${toQuery({ ...filters, pageSize: ADMIN_TRANSACTIONS_PAGE_SIZE })}`,
      ),
    placeholderData: keepPreviousData,
  });
}

export function useRefund() {
  return useInvalidating(
    (id: string) => api.post<PaymentOrder>(`/admin/transactions/${id}/refund`),
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
    queryFn: () =>
      api.get<Page<OrganizationPackage>>(
        `/admin/organization-packages?${toQuery({ pageSize: 20, ...query })}`,
      ),
    placeholderData: keepPreviousData,
  });
}

export function usePackage(id: string) {
  return useQuery({
    queryKey: [...PACKAGES_KEY, 'one', id],
    queryFn: () => api.get<OrganizationPackage>(`/admin/organization-packages/${id}`),
  });
}

export function useSavePackage(id?: string) {
  return useInvalidating(
    (body: OrganizationPackageBody) =>
      id
        ? api.put<OrganizationPackage>(`/admin/organization-packages/${id}`, body)
        : api.post<OrganizationPackage>('/admin/organization-packages', body),
    PACKAGES_KEY,
  );
}

export function useDeletePackage() {
  return useInvalidating((id: string) => api.delete(`/admin/organization-packages/${id}`), PACKAGES_KEY);
}

export function useOrganizationPlan() {
  return useQuery({ queryKey: PLAN_KEY, queryFn: () => api.get<OrganizationPlan>('/educator/package') });
}

export const buyOrganizationPackage = (packageId: string) =>
  api.post<CheckoutResult>('/educator/package/buy', { package_id: packageId });

export const readOrganizationReturn = (search: string) =>
  api.get<PaymentReturn>(`/educator/payments/return${search}`);

export function useOrganizationOrders(page: number) {
  return useQuery({
    queryKey: [...ORGANIZATION_ORDERS_KEY, page],
    queryFn: () =>
      api.get<Page<OrganizationOrder>>(
        `/educator/transactions?${toQuery({ page, pageSize: ORGANIZATION_TRANSACTIONS_PAGE_SIZE })}`,
      ),
    placeholderData: keepPreviousData,
  });
}
