import { Badge } from '@mantine/core';
import type { OrganizationSummary } from '@prepwise/contract';
import { useTranslation } from '../../lib/i18n-react';

const COLORS = { pending: 'yellow', approved: 'teal', rejected: 'red', suspended: 'orange' } as const;

/** The organization's state as the admin reads it: suspended wins over approved. */
export function organizationState(organization: Pick<OrganizationSummary, 'status' | 'suspended_at'>) {
  return organization.suspended_at ? 'suspended' : organization.status;
}

export function OrganizationStatusBadge({
  organization,
}: {
  organization: Pick<OrganizationSummary, 'status' | 'suspended_at'>;
}) {
  const { t } = useTranslation('organizations');
  const state = organizationState(organization);
  return (
    <Badge color={COLORS[state]} variant="light" radius="sm" data-testid="organization-status">
      {t(`status.${state}`)}
    </Badge>
  );
}
