import { Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../lib/i18n-react';
import { groupPermissions } from '../../lib/permission-groups';

/** A role's permissions, one line per resource with its actions as badges. */
export function PermissionSummary({ permissions }: { permissions: readonly string[] }) {
  const { t } = useTranslation('admin');
  const groups = groupPermissions(permissions);
  if (groups.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('permissions.none')}
      </Text>
    );
  }
  return (
    <Stack gap="xs" data-testid="permission-summary">
      {groups.map((group) => (
        <Group key={group.resource} justify="space-between" gap="xs" wrap="nowrap">
          <Text size="sm" fw={500}>
            {t(`permissions.resources.${group.resource}` as 'permissions.resources.test')}
          </Text>
          <Group gap={4} justify="flex-end">
            {group.permissions.map(({ permission, action }) => (
              <Badge key={permission} variant="light" radius="sm" size="sm" data-permission={permission}>
                {t(`permissions.actions.${action}`)}
              </Badge>
            ))}
          </Group>
        </Group>
      ))}
    </Stack>
  );
}
