import { Alert, Modal, Stack, Table, Text } from '@mantine/core';
import {
  INTEGRITY_EVENT_KINDS,
  type IntegrityCounts,
  type IntegrityEvent,
  type IntegrityEventKind,
} from '@prepwise/contract';
import { QueryState } from '../../components/admin-ui';
import { formatDateTime } from '../../lib/format';
import { useTranslation } from '../../lib/i18n-react';
import { useAttemptIntegrity } from './api';

/*
 * The integrity timeline of an attempt (issue 29): what the student's browser noticed while the test was
 * taken, for a teacher to look at with the student. Evidence, never a verdict: nothing here scores or
 * flags, and the panel says so.
 */

/** Events kept offline arrive later: the arrival is shown when it is over a minute after the event. */
const LATE_MS = 60_000;

/** "Left the page 3× · Pasted 1×" for a results row; empty when the attempt has no events. */
export function useIntegritySummary() {
  const { t } = useTranslation('assignments');
  return (counts: IntegrityCounts) =>
    INTEGRITY_EVENT_KINDS.filter((kind) => (counts[kind] ?? 0) > 0 && kind !== 'focus_back')
      .map((kind) => t('integrity.count', { label: t(`integrity.kind.${kind}`), times: counts[kind] }))
      .join(' · ');
}

function EventDetail({ event }: { event: IntegrityEvent }) {
  const { t, i18n } = useTranslation('assignments');
  const parts: string[] = [];
  const detail = event.detail ?? {};
  if (event.kind === 'paste' && typeof detail.length === 'number')
    parts.push(t('integrity.pasteLength', { count: detail.length }));
  if (event.kind === 'device_changed' && typeof detail.from === 'string' && typeof detail.to === 'string')
    parts.push(t('integrity.device', { from: detail.from, to: detail.to }));
  if (Date.parse(event.received_at) - Date.parse(event.occurred_at) > LATE_MS)
    parts.push(t('integrity.receivedLater', { time: formatDateTime(event.received_at, i18n.language) }));
  return <>{parts.length > 0 ? parts.join(' · ') : '—'}</>;
}

export function IntegrityTimelineModal({
  testId,
  assignmentId,
  attemptId,
  studentName,
  onClose,
}: {
  testId: string;
  assignmentId: string;
  /** null: closed. */
  attemptId: string | null;
  studentName: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('assignments');
  const timeline = useAttemptIntegrity(testId, assignmentId, attemptId);
  return (
    <Modal
      opened={attemptId !== null}
      onClose={onClose}
      title={t('integrity.title', { name: studentName })}
      size="lg"
    >
      <Stack gap="sm" data-testid="integrity-timeline">
        <Alert color="gray" variant="light">
          {t('integrity.explanation')}
        </Alert>
        <QueryState query={timeline}>
          {(data) =>
            data.events.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('integrity.empty')}
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={480}>
                <Table striped withTableBorder aria-label={t('integrity.title', { name: studentName })}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('integrity.time')}</Table.Th>
                      <Table.Th>{t('integrity.event')}</Table.Th>
                      <Table.Th>{t('integrity.question')}</Table.Th>
                      <Table.Th>{t('integrity.detail')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.events.map((event) => (
                      <Table.Tr key={event.id} data-testid="integrity-event" data-kind={event.kind}>
                        <Table.Td>{formatDateTime(event.occurred_at, i18n.language)}</Table.Td>
                        <Table.Td>{t(`integrity.kind.${event.kind as IntegrityEventKind}`)}</Table.Td>
                        <Table.Td>{event.question_number ?? '—'}</Table.Td>
                        <Table.Td>
                          <EventDetail event={event} />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )
          }
        </QueryState>
      </Stack>
    </Modal>
  );
}
