import type { OrderStatus } from '@prepwise/contract';

export const STATUS_COLORS: Record<OrderStatus, string> = {
  pending: 'yellow',
  paid: 'teal',
  failed: 'red',
  cancelled: 'gray',
  refunded: 'grape',
};
