import { Badge } from '@mantine/core';
import type { TestSummary } from '@prepwise/contract';
import { useTranslation } from '../../lib/i18n-react';

const COLORS = { draft: 'gray', published: 'teal', archived: 'orange' } as const;

export function TestStatusBadge({ status }: { status: TestSummary['status'] }) {
  const { t } = useTranslation('content');
  return (
    <Badge color={COLORS[status]} variant="light" radius="sm" data-testid="status-badge">
      {t(`test.status.${status}`)}
    </Badge>
  );
}
