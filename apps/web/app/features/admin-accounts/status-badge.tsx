import { Badge } from '@mantine/core';
import type { Staff } from '@prepwise/contract';
import { useTranslation } from '../../lib/i18n-react';

const COLORS = { active: 'teal', disabled: 'gray', pending: 'yellow' } as const;

export function StatusBadge({ status }: { status: Staff['status'] }) {
  const { t } = useTranslation('admin');
  return (
    <Badge color={COLORS[status]} variant="light" radius="sm">
      {t(`staff.status.${status}`)}
    </Badge>
  );
}
