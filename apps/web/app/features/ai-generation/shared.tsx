import { Badge, Group, Progress, Stack, Text } from '@mantine/core';
import type { AiDraftStatus, AiJob } from '@prepwise/contract';
import { looseT } from '../../lib/i18n';
import { useTranslation } from '../../lib/i18n-react';

const JOB_COLORS: Record<AiJob['status'], string> = {
  queued: 'gray',
  running: 'blue',
  finished: 'teal',
  cancelled: 'orange',
};

const DRAFT_COLORS: Record<AiDraftStatus, string> = {
  queued: 'gray',
  failed: 'red',
  cancelled: 'orange',
  pending_review: 'blue',
  approved: 'teal',
  rejected: 'dark',
};

export function JobStatusBadge({ status }: { status: AiJob['status'] }) {
  const { t } = useTranslation('ai');
  return (
    <Badge color={JOB_COLORS[status]} variant="light" data-testid="ai-job-status">
      {t(`jobStatus.${status}`)}
    </Badge>
  );
}

export function DraftStatusBadge({ status }: { status: AiDraftStatus }) {
  const { t } = useTranslation('ai');
  return (
    <Badge color={DRAFT_COLORS[status]} variant="light" data-testid="ai-draft-status">
      {t(`draftStatus.${status}`)}
    </Badge>
  );
}

/** Items written (done or failed) out of the job's count, as a bar and a line of figures. */
export function JobProgress({ progress, size = 'md' }: { progress: AiJob['progress']; size?: 'sm' | 'md' }) {
  const { t } = useTranslation('ai');
  const total = Math.max(progress.total, 1);
  return (
    <Stack gap={4} miw={size === 'sm' ? 140 : undefined}>
      <Progress.Root size={size === 'sm' ? 'sm' : 'lg'} aria-label={t('progress.label')}>
        <Progress.Section value={(progress.done / total) * 100} color="teal" />
        <Progress.Section value={(progress.failed / total) * 100} color="red" />
        <Progress.Section value={(progress.cancelled / total) * 100} color="orange" />
      </Progress.Root>
      <Text size={size === 'sm' ? 'xs' : 'sm'} c="dimmed" data-testid="ai-progress">
        {t('progress.figures', {
          done: progress.done,
          total: progress.total,
          failed: progress.failed,
          queued: progress.queued,
        })}
      </Text>
    </Stack>
  );
}

/** A provider and its model, e.g. "Built-in generator · prepwise-rules-1". */
export function ProviderLine({ provider, model }: { provider: string; model: string }) {
  const { t } = useTranslation('ai');
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm">{looseT(t)(`provider.${provider}`)}</Text>
      <Text size="xs" c="dimmed">
        {model}
      </Text>
    </Group>
  );
}

/** A draft's failure (`ai.error_rate_limited: …`) in the reader's language; the provider's words after it. */
export function useDraftError() {
  const { t } = useTranslation('messages');
  return (error: string | null) => {
    if (!error) return '';
    const [key, ...rest] = error.split(': ');
    const text = looseT(t)(key ?? error);
    return rest.length > 0 ? `${text} (${rest.join(': ').slice(0, 160)})` : text;
  };
}
