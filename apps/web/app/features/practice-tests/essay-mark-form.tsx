import { Card, Title } from '@mantine/core';
import type { ReviewQuestion } from '@prepwise/contract';
import { QueryState } from '../../components/admin-ui';
import { useTranslation } from '../../lib/i18n-react';
import { MarkForm, useMarkingItem } from '../marking';

/**
 * A teacher marks one essay of a student's attempt (issues 15, 28), in the review: the same form as the
 * marking queue, on the rubric the author chose. Saving grades the attempt again; marking again replaces
 * the mark.
 */
export function EssayMarkForm({ attemptId, question }: { attemptId: string; question: ReviewQuestion }) {
  const { t } = useTranslation('practice');
  const detail = useMarkingItem(attemptId, question.id);
  return (
    <Card withBorder p="sm" data-testid="essay-mark-form">
      <Title order={4} size="h5" mb="xs">
        {t('marking.title')}
      </Title>
      <QueryState query={detail}>
        {(data) => <MarkForm key={data.final?.marked_at ?? 'new'} detail={data} />}
      </QueryState>
    </Card>
  );
}
