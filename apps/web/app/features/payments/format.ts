import type { OrderStatus } from '@prepwise/contract';

const vnd = new Intl.NumberFormat('vi-VN', { style: 'currency', currency: 'VND', maximumFractionDigits: 0 });

/** "199.000 ₫" in both languages: amounts are in Vietnamese dong. */
export function formatVnd(value: number): string {
  return vnd.format(value);
}

/** "+200.000 ₫" / "-199.000 ₫" for ledger rows. */
export function formatSignedVnd(value: number): string {
  return `${value > 0 ? '+' : ''}${vnd.format(value)}`;
}

export const STATUS_COLORS: Record<OrderStatus, string> = {
  pending: 'yellow',
  paid: 'teal',
  failed: 'red',
  cancelled: 'gray',
  refunded: 'grape',
};
