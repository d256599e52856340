import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** Title row of a back-office page: optional way back, title, description and actions. */
export function PageHeader({
  title,
  description,
  back,
  actions,
}: {
  title: ReactNode;
  description?: ReactNode;
  back?: { to: string; label: string };
  actions?: ReactNode;
}) {
  return (
    <Stack gap={4} mb="lg">
      {back ? (
        <Anchor component={Link} to={back.to} size="sm" c="dimmed">
          ← {back.label}
        </Anchor>
      ) : null}
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} size="h2">
            {title}
          </Title>
          {description ? <Text c="dimmed">{description}</Text> : null}
        </div>
        {actions ? <Group gap="sm">{actions}</Group> : null}
      </Group>
    </Stack>
  );
}
