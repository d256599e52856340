import type {
  AdminOrdersResult,
  CheckoutResult,
  OrderStatus,
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
