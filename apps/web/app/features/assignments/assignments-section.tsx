import { Alert, Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type {
  Assignment,
  AssignmentResultRow,
  AssignmentResultStatus,
  AssignmentState,
} from '@prepwise/contract';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmActionButton, QueryState } from '../../components/admin-ui';
import { useBackOfficeScope } from '../../components/back-office/scope';
import { PermissionGate } from '../../components/permission-gate';
import { formatDateTime } from '../../lib/format';
import { useTranslation } from '../../lib/i18n-react';
import { formatClock, formatScore } from '../practice';
import {
  useAssignmentResults,
  useAssignments,
  useCancelAssignment,
  useReleaseResults,
  useResultsExportHref,
} from './api';
import { AssignmentFormModal } from './assignment-form';
import { IntegrityTimelineModal, useIntegritySummary } from './integrity-timeline';
import { SimilarityPanel } from './similarity-panel';

const STATE_COLOR: Record<AssignmentState, string> = {
  upcoming: 'blue',
  open: 'teal',
  closed: 'gray',
  cancelled: 'red',
};
const STATUS_COLOR: Record<AssignmentResultStatus, string> = {
  not_started: 'gray',
  in_progress: 'blue',
  submitted: 'cyan',
  to_grade: 'orange',
  graded: 'teal',
};

export function AssignmentStateBadge({ state }: { state: AssignmentState }) {
  const { t } = useTranslation('assignments');
  return (
    <Badge color={STATE_COLOR[state]} variant="light">
      {t(`state.${state}`)}
    </Badge>
  );
}

/** Every assigned student of one assignment, live while its window is open; export to CSV or XLSX. */
function AssignmentResultsTable({
  testId,
  assignment,
  resultPath,
}: {
  testId: string;
  assignment: Assignment;
  resultPath?: (attemptId: string) => string;
}) {
  const { t, i18n } = useTranslation('assignments');
  const scope = useBackOfficeScope();
  const results = useAssignmentResults(testId, assignment.id, assignment.state === 'open');
  const exportHref = useResultsExportHref(testId);
  const resultHref = (row: AssignmentResultRow) =>
    resultPath?.(encodeURIComponent(row.attempt_id ?? '')) ??
    scope.web(
      `/students/${encodeURIComponent(row.student.id)}/test/${encodeURIComponent(testId)}/result/${encodeURIComponent(row.attempt_id ?? '')}`,
    );
  const finished = (row: AssignmentResultRow) => ['submitted', 'to_grade', 'graded'].includes(row.status);
  const summary = useIntegritySummary();
  const [timelineOf, setTimelineOf] = useState<AssignmentResultRow | null>(null);
  const nameOf = (row: AssignmentResultRow) => row.student.full_name ?? row.student.email;
  return (
    <Stack gap="sm" data-testid="assignment-results">
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed">
          {assignment.state === 'open'
            ? t('results.live')
            : t('results.summary', {
                submitted: assignment.submitted_count,
                total: assignment.student_count,
              })}
        </Text>
        <Group gap="xs">
          <Button
            component="a"
            href={exportHref(assignment.id, 'csv')}
            download
            size="compact-sm"
            variant="default"
          >
            {t('results.exportCsv')}
          </Button>
          <Button
            component="a"
            href={exportHref(assignment.id, 'xlsx')}
            download
            size="compact-sm"
            variant="default"
          >
            {t('results.exportXlsx')}
          </Button>
        </Group>
      </Group>
      <QueryState query={results}>
        {(data) => (
          <DataTable
            withTableBorder
            borderRadius="md"
            striped
            minHeight={data.rows.length === 0 ? 120 : undefined}
            noRecordsText={t('results.empty')}
            records={data.rows}
            idAccessor={(row) => row.student.id}
            aria-label={t('results.title')}
            columns={[
              {
                accessor: 'student',
                title: t('results.student'),
                render: (row) => (
                  <div>
                    <Text size="sm" fw={600}>
                      {row.student.full_name ?? row.student.email}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {row.student.email}
                    </Text>
                  </div>
                ),
              },
              {
                accessor: 'status',
                title: t('results.status'),
                render: (row) => (
                  <Badge color={STATUS_COLOR[row.status]} variant="light" data-testid="result-status">
                    {t(`status.${row.status}`)}
                  </Badge>
                ),
              },
              {
                accessor: 'score',
                title: t('results.score'),
                textAlign: 'right',
                render: (row) =>
                  row.score !== null && row.max_score !== null
                    ? `${formatScore(row.score)} / ${formatScore(row.max_score)}`
                    : row.correct_count !== null
                      ? `${row.correct_count}/${row.question_count}`
                      : '—',
              },
              {
                accessor: 'time_spent_seconds',
                title: t('results.timeSpent'),
                textAlign: 'right',
                visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
                render: (row) =>
                  row.time_spent_seconds === null ? '—' : formatClock(row.time_spent_seconds),
              },
              {
                accessor: 'started_at',
                title: t('results.startedAt'),
                visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
                render: (row) => (row.started_at ? formatDateTime(row.started_at, i18n.language) : '—'),
              },
              {
                accessor: 'submitted_at',
                title: t('results.submittedAt'),
                visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
                render: (row) => (row.submitted_at ? formatDateTime(row.submitted_at, i18n.language) : '—'),
              },
              {
                accessor: 'integrity',
                title: t('integrity.column'),
                render: (row) =>
                  row.attempt_id ? (
                    <Stack gap={2}>
                      <Text
                        size="xs"
                        c={summary(row.integrity) ? undefined : 'dimmed'}
                        data-testid="integrity-summary"
                      >
                        {summary(row.integrity) || t('integrity.none')}
                      </Text>
                      <Anchor
                        component="button"
                        type="button"
                        size="xs"
                        onClick={() => setTimelineOf(row)}
                        aria-label={t('integrity.openFor', { name: nameOf(row) })}
                      >
                        {t('integrity.open')}
                      </Anchor>
                    </Stack>
                  ) : (
                    '—'
                  ),
              },
              {
                accessor: 'attempt_id',
                title: '',
                render: (row) =>
                  row.attempt_id && finished(row) ? (
                    <PermissionGate permission="view_student">
                      <Anchor component={Link} to={resultHref(row)} size="sm">
                        {t('results.open')}
                      </Anchor>
                    </PermissionGate>
                  ) : null,
              },
            ]}
          />
        )}
      </QueryState>
      <PermissionGate permission="view_student">
        <SimilarityPanel testId={testId} assignmentId={assignment.id} />
      </PermissionGate>
      <IntegrityTimelineModal
        testId={testId}
        assignmentId={assignment.id}
        attemptId={timelineOf?.attempt_id ?? null}
        studentName={timelineOf ? nameOf(timelineOf) : ''}
        onClose={() => setTimelineOf(null)}
      />
    </Stack>
  );
}

function AssignmentCard({
  testId,
  durationMinutes,
  assignment,
  showing,
  onShow,
  resultPath,
}: {
  testId: string;
  durationMinutes: number;
  assignment: Assignment;
  showing: boolean;
  onShow: () => void;
  resultPath?: (attemptId: string) => string;
}) {
  const { t, i18n } = useTranslation('assignments');
  const [editing, setEditing] = useState(false);
  const cancel = useCancelAssignment(testId);
  const release = useReleaseResults(testId);
  const active = assignment.state !== 'cancelled' && assignment.state !== 'closed';
  // Answers shown after the close time: a teacher who has marked everything may release them sooner.
  const releasable =
    assignment.answers_shown === 'after_close' && active && assignment.results_released_at === null;
  return (
    <Card withBorder radius="md" padding="md" data-testid="assignment">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <AssignmentStateBadge state={assignment.state} />
            <Text size="sm" fw={600}>
              {t('card.window', {
                from: formatDateTime(assignment.opens_at, i18n.language),
                to: formatDateTime(assignment.closes_at, i18n.language),
              })}
            </Text>
          </Group>
          <Group gap="xs">
            {/* The results name students: the students' permission (issue 26). */}
            <PermissionGate permission="view_student">
              <Button size="compact-sm" variant={showing ? 'filled' : 'light'} onClick={onShow}>
                {t('card.results', {
                  submitted: assignment.submitted_count,
                  total: assignment.student_count,
                })}
              </Button>
            </PermissionGate>
            {assignment.state !== 'cancelled' ? (
              <PermissionGate permission="update_test">
                <Button size="compact-sm" variant="default" onClick={() => setEditing(true)}>
                  {t('card.edit')}
                </Button>
                {releasable ? (
                  <ConfirmActionButton
                    size="compact-sm"
                    variant="light"
                    color="teal"
                    title={t('card.releaseTitle')}
                    text={t('card.releaseText')}
                    confirmLabel={t('card.releaseConfirm')}
                    pending={release.isPending}
                    error={release.error}
                    reset={release.reset}
                    onConfirm={(done) => release.mutate(assignment.id, { onSuccess: done })}
                  >
                    {t('card.release')}
                  </ConfirmActionButton>
                ) : null}
                {active ? (
                  <ConfirmActionButton
                    size="compact-sm"
                    variant="subtle"
                    title={t('card.cancelTitle')}
                    text={t('card.cancelText')}
                    cancelLabel={t('card.keep')}
                    confirmLabel={t('card.cancelConfirm')}
                    pending={cancel.isPending}
                    error={cancel.error}
                    reset={cancel.reset}
                    onConfirm={(done) => cancel.mutate(assignment.id, { onSuccess: done })}
                  >
                    {t('card.cancel')}
                  </ConfirmActionButton>
                ) : null}
              </PermissionGate>
            ) : null}
          </Group>
        </Group>
        {assignment.classes.length > 0 ? (
          <Text size="sm">
            <Text span c="dimmed">
              {t('card.classes')}:{' '}
            </Text>
            {assignment.classes.map((entry) => entry.name).join(', ')}
          </Text>
        ) : null}
        {assignment.students.length > 0 ? (
          <Text size="sm">
            <Text span c="dimmed">
              {t('card.students')}:{' '}
            </Text>
            {assignment.students.map((entry) => entry.name).join(', ')}
          </Text>
        ) : null}
        <Text size="sm" c="dimmed">
          {[
            t('card.attempts', { count: assignment.attempts_allowed }),
            assignment.time_limit_minutes
              ? t('card.timeLimit', { count: assignment.time_limit_minutes })
              : t('card.testDuration', { count: durationMinutes }),
            t(`answersShown.${assignment.answers_shown}`),
          ].join(' · ')}
        </Text>
        {assignment.access_code ||
        assignment.allowed_ip_ranges.length > 0 ||
        assignment.single_device ||
        assignment.shuffle_questions ||
        assignment.shuffle_options ? (
          <Text size="sm" c="dimmed" data-testid="assignment-rules">
            {[
              assignment.access_code ? t('card.accessCode', { code: assignment.access_code }) : null,
              assignment.allowed_ip_ranges.length > 0
                ? t('card.ipRanges', { count: assignment.allowed_ip_ranges.length })
                : null,
              assignment.single_device ? t('card.singleDevice') : null,
              assignment.shuffle_questions ? t('card.shuffleQuestions') : null,
              assignment.shuffle_options ? t('card.shuffleOptions') : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        ) : null}
        {assignment.results_released_at ? (
          <Text size="sm" c="teal" data-testid="results-released">
            {t('card.released', { date: formatDateTime(assignment.results_released_at, i18n.language) })}
          </Text>
        ) : null}
        {showing ? (
          <PermissionGate permission="view_student">
            <AssignmentResultsTable testId={testId} assignment={assignment} resultPath={resultPath} />
          </PermissionGate>
        ) : null}
      </Stack>
      {editing ? (
        <AssignmentFormModal
          testId={testId}
          durationMinutes={durationMinutes}
          assignment={assignment}
          opened
          onClose={() => setEditing(false)}
        />
      ) : null}
    </Card>
  );
}

/**
 * The "Assignments" section of an organization's test detail: assign the published test to classes or
 * students for a window, edit or cancel, and follow each assignment's results.
 */
export function AssignmentsSection({
  testId,
  published,
  durationMinutes,
  resultPath,
}: {
  testId: string;
  published: boolean;
  durationMinutes: number;
  /** Where a student's result opens: the test's own result page (/organization/test/…/{id}/result/{resultId}). */
  resultPath?: (attemptId: string) => string;
}) {
  const { t } = useTranslation('assignments');
  const assignments = useAssignments(testId);
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<string | null>(null);
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="assignments-title">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={3} size="h5" id="assignments-title">
            {t('section.title')}
          </Title>
          <PermissionGate permission="update_test">
            <Button size="sm" disabled={!published} onClick={() => setCreating(true)}>
              {t('section.assign')}
            </Button>
          </PermissionGate>
        </Group>
        {!published ? (
          <Alert color="blue" variant="light">
            {t('section.publishFirst')}
          </Alert>
        ) : null}
        <QueryState query={assignments}>
          {(list) =>
            list.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('section.empty')}
              </Text>
            ) : (
              <Stack gap="sm">
                {list.map((assignment, index) => (
                  <AssignmentCard
                    key={assignment.id}
                    testId={testId}
                    durationMinutes={durationMinutes}
                    assignment={assignment}
                    showing={shown === assignment.id || (shown === null && index === 0)}
                    onShow={() => setShown(shown === assignment.id ? '' : assignment.id)}
                    resultPath={resultPath}
                  />
                ))}
              </Stack>
            )
          }
        </QueryState>
      </Stack>
      {creating ? (
        <AssignmentFormModal
          testId={testId}
          durationMinutes={durationMinutes}
          opened
          onClose={() => setCreating(false)}
        />
      ) : null}
    </Card>
  );
}
