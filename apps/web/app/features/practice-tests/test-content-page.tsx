import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  ScrollArea,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { TestDetail } from '@prepwise/contract';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  ConfirmActionButton,
  ConfirmDeleteButton,
  ConfirmDialog,
  QueryState,
  ServerErrorAlert,
} from '../../components/admin-ui';
import { useBackOfficeScope } from '../../components/back-office/scope';
import { PageHeader } from '../../components/page-header';
import { PermissionGate, usePermission } from '../../components/permission-gate';
import { formatDateTime } from '../../lib/format';
import { useTranslation } from '../../lib/i18n-react';
import { AssignmentsSection } from '../assignments';
import { SkillBadge, useLevelOptions } from '../exam-structure';
import { TestAttemptStats } from '../practice';
import { ExportMenu, plainText, useGroupList, useQuestionList } from '../question-bank';
import {
  type SectionItemRef,
  useDeleteTest,
  useDraw,
  useSetSectionItems,
  useTest,
  useTestAction,
} from './api';
import { BlueprintSection, DistinctPapers } from './blueprint';
import { ItemAnalysisSection } from './item-analysis';
import { TestStatusBadge } from './status-badge';
import { testWeb } from './test-pages';

type Section = TestDetail['sections'][number];

const refOf = (item: Section['items'][number]): SectionItemRef =>
  item.kind === 'group' ? { group_id: item.group?.id ?? '' } : { question_id: item.question?.id ?? '' };

/** A bank item chosen in the picker, with the number of questions it brings. */
type PickedItem = { ref: SectionItemRef; id: string; count: number };

/** Questions and groups of one part to add to a section, with search and level. */
function AddFromBankModal({
  section,
  opened,
  onClose,
  onAdd,
  pending,
  error,
}: {
  section: Section;
  opened: boolean;
  onClose: () => void;
  onAdd: (refs: SectionItemRef[]) => void;
  pending: boolean;
  error: unknown;
}) {
  const { t } = useTranslation('content');
  const authoring = useTranslation('authoring');
  const levels = useLevelOptions();
  const [kind, setKind] = useState<'question' | 'group'>('question');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [level, setLevel] = useState<string | null>(null);
  const [picked, setPicked] = useState<PickedItem[]>([]);
  const query = {
    page: 1,
    format_id: section.format.id,
    search: debounced || undefined,
    level_id: level ?? undefined,
  };
  const questions = useQuestionList(query, opened && kind === 'question');
  const groups = useGroupList(query, opened && kind === 'group');
  const inSection = new Set(section.items.map((item) => item.question?.id ?? item.group?.id));
  const isPicked = (id: string) => picked.some((item) => item.id === id);
  const toggle = (row: PickedItem) =>
    setPicked((current) =>
      isPicked(row.id) ? current.filter((item) => item.id !== row.id) : [...current, row],
    );
  const rows =
    kind === 'question'
      ? (questions.data?.items ?? []).map((question) => ({
          ref: { question_id: question.id } as SectionItemRef,
          id: question.id,
          count: 1,
          text: plainText(question.stem),
          meta: `${question.question_type.name}${question.level ? ` · ${question.level.code}` : ''}`,
        }))
      : (groups.data?.items ?? []).map((group) => ({
          ref: { group_id: group.id } as SectionItemRef,
          id: group.id,
          count: group.question_count,
          text: plainText(group.title),
          meta: t('bank.subQuestionCount', { count: group.question_count }),
        }));
  // What the part still needs, and how much of it the selection fills.
  const slotsLeft = Math.max(0, section.format.required_count - section.question_count);
  const pickedQuestions = picked.reduce((sum, item) => sum + item.count, 0);
  const total = kind === 'question' ? questions.data?.total : groups.data?.total;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('test.addFromBankTitle', { part: section.format.name })}
      size="xl"
    >
      <Stack gap="sm">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <SegmentedControl
            value={kind}
            onChange={(value) => setKind(value === 'group' ? 'group' : 'question')}
            data={[
              { value: 'question', label: t('test.singles') },
              { value: 'group', label: t('test.groups') },
            ]}
          />
          <TextInput
            label={t('common.search')}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            style={{ flex: '1 1 12rem' }}
          />
          <Select
            label={t('fields.level')}
            data={(levels.data?.items ?? []).map((item) => ({ value: item.id, label: item.code }))}
            value={level}
            onChange={setLevel}
            clearable
            w={110}
          />
        </Group>
        <Group gap="sm" data-testid="picker-slots">
          <Badge color={slotsLeft === 0 ? 'teal' : 'blue'} variant="light">
            {slotsLeft === 0
              ? authoring.t('picker.full')
              : authoring.t('picker.slotsLeft', { count: slotsLeft })}
          </Badge>
          {picked.length > 0 ? (
            <Text
              size="sm"
              c={pickedQuestions > slotsLeft ? 'orange.8' : undefined}
              data-testid="picker-picked"
            >
              {authoring.t('picker.picked', { count: picked.length, questions: pickedQuestions })}
              {pickedQuestions > slotsLeft ? ` · ${authoring.t('picker.over')}` : ''}
            </Text>
          ) : null}
        </Group>
        <ScrollArea.Autosize mah={380}>
          <Stack gap={0} data-testid="bank-picker">
            {rows.map((row) => {
              const used = inSection.has(row.id);
              return (
                // The whole row is the checkbox's label: clicking the text ticks it.
                <Checkbox
                  key={row.id}
                  checked={used || isPicked(row.id)}
                  disabled={used}
                  onChange={() => toggle(row)}
                  py={8}
                  px={4}
                  styles={{
                    root: { borderBottom: '1px solid var(--mantine-color-default-border)' },
                    labelWrapper: { flex: 1 },
                    label: { cursor: used ? 'default' : 'pointer' },
                  }}
                  data-testid="picker-row"
                  label={
                    <>
                      <Text size="sm" lineClamp={2} component="span" display="block">
                        {row.text}
                      </Text>
                      <Text size="xs" c="dimmed" component="span" display="block">
                        {row.meta}
                      </Text>
                    </>
                  }
                />
              );
            })}
          </Stack>
          {rows.length === 0 ? (
            <Text size="sm" c="dimmed" p="sm">
              {t('test.bankEmpty')}
            </Text>
          ) : null}
        </ScrollArea.Autosize>
        {total !== undefined && total > rows.length ? (
          <Text size="xs" c="dimmed">
            {t('test.bankMore', { shown: rows.length, total })}
          </Text>
        ) : null}
        {error ? <ServerErrorAlert error={error} /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            disabled={picked.length === 0}
            loading={pending}
            onClick={() => onAdd(picked.map((item) => item.ref))}
          >
            {t('test.addSelected', { count: picked.length })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function DrawModal({
  section,
  opened,
  onClose,
  onDraw,
  pending,
  error,
}: {
  section: Section;
  opened: boolean;
  onClose: () => void;
  onDraw: (body: { count: number; level_id: string | null; tag: string | null }) => void;
  pending: boolean;
  error: unknown;
}) {
  const { t } = useTranslation('content');
  const levels = useLevelOptions();
  const missing = Math.max(1, section.format.required_count - section.question_count);
  const [count, setCount] = useState<number | string>(missing);
  const [level, setLevel] = useState<string | null>(null);
  const [tag, setTag] = useState('');
  return (
    <Modal opened={opened} onClose={onClose} title={t('test.drawTitle', { part: section.format.name })}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('test.drawHint')}
        </Text>
        <NumberInput label={t('test.drawCount')} min={1} max={200} value={count} onChange={setCount} />
        <Select
          label={t('fields.level')}
          data={(levels.data?.items ?? []).map((item) => ({
            value: item.id,
            label: `${item.code} · ${item.name}`,
          }))}
          value={level}
          onChange={setLevel}
          clearable
        />
        <TextInput
          label={t('fields.tag')}
          value={tag}
          onChange={(event) => setTag(event.currentTarget.value)}
        />
        {error ? <ServerErrorAlert error={error} /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            loading={pending}
            onClick={() => onDraw({ count: Number(count) || 1, level_id: level, tag: tag.trim() || null })}
          >
            {t('test.draw')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function SectionCard({
  test,
  section,
  index,
  error,
}: {
  test: TestDetail;
  section: Section;
  index: number;
  error?: boolean;
}) {
  const { t } = useTranslation('content');
  const canEdit = usePermission('update_test');
  const setItems = useSetSectionItems(test.id);
  const draw = useDraw(test.id);
  const [modal, setModal] = useState<'bank' | 'draw' | null>(null);
  /** The position whose removal waits for the confirmation. */
  const [removing, setRemoving] = useState<number | null>(null);
  const removingItem = removing === null ? undefined : section.items[removing];
  const refs = section.items.map(refOf);
  const put = (items: SectionItemRef[], done?: () => void) =>
    setItems.mutate({ sectionId: section.id, items }, { onSuccess: () => done?.() });
  const move = (from: number, by: number) => {
    const next = [...refs];
    const [moved] = next.splice(from, 1);
    if (moved) next.splice(from + by, 0, moved);
    put(next);
  };
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      data-testid="test-section"
      style={error ? { borderColor: 'var(--mantine-color-red-6)' } : undefined}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div>
            <Group gap={8}>
              <Title order={3} size="h5">
                {index + 1}. {section.format.name}
              </Title>
              <SkillBadge skill={section.format.skill} />
            </Group>
            <Group gap={8} mt={4}>
              <Text size="sm" data-testid="section-count">
                {t('test.sectionCount', {
                  count: section.question_count,
                  required: section.format.required_count,
                })}
              </Text>
              <Badge color={section.complete ? 'teal' : 'yellow'} variant="light" size="sm">
                {section.complete ? t('test.complete') : t('test.incomplete')}
              </Badge>
            </Group>
          </div>
          {canEdit ? (
            <Group gap={6}>
              <Button size="xs" variant="light" onClick={() => setModal('bank')}>
                {t('test.addFromBank')}
              </Button>
              <Button size="xs" variant="default" onClick={() => setModal('draw')}>
                {t('test.drawButton')}
              </Button>
            </Group>
          ) : null}
        </Group>
        <KeyWarnings warnings={section.key_warnings} />
        {section.items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('test.sectionEmpty')}
          </Text>
        ) : (
          <Table verticalSpacing={4}>
            <Table.Tbody>
              {section.items.map((item, position) => (
                <Table.Tr key={item.id}>
                  <Table.Td w={32}>
                    <Text size="sm" c="dimmed">
                      {position + 1}.
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" lineClamp={1}>
                      {item.kind === 'group' ? plainText(item.group?.title) : plainText(item.question?.text)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {item.kind === 'group'
                        ? t('bank.subQuestionCount', { count: item.question_count })
                        : item.question
                          ? t(`answerKinds.${item.question.answer_kind}`)
                          : ''}
                    </Text>
                  </Table.Td>
                  {canEdit ? (
                    <Table.Td w={110}>
                      <Group gap={2} wrap="nowrap" justify="flex-end">
                        <ActionIcon
                          variant="subtle"
                          disabled={position === 0 || setItems.isPending}
                          onClick={() => move(position, -1)}
                          aria-label={t('editor.up')}
                        >
                          ↑
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          disabled={position === section.items.length - 1 || setItems.isPending}
                          onClick={() => move(position, 1)}
                          aria-label={t('editor.down')}
                        >
                          ↓
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          disabled={setItems.isPending}
                          onClick={() => setRemoving(position)}
                          aria-label={t('test.removeItem', { number: position + 1 })}
                        >
                          ×
                        </ActionIcon>
                      </Group>
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {modal === null && removing === null && setItems.error ? (
          <ServerErrorAlert error={setItems.error} />
        ) : null}
      </Stack>
      {canEdit ? (
        <ConfirmDialog
          opened={removingItem !== undefined}
          onClose={() => {
            setRemoving(null);
            setItems.reset();
          }}
          title={t(removingItem?.kind === 'group' ? 'test.removeGroupTitle' : 'test.removeQuestionTitle')}
          text={t(removingItem?.kind === 'group' ? 'test.removeGroupText' : 'test.removeQuestionText', {
            number: (removing ?? 0) + 1,
            count: removingItem?.question_count ?? 0,
          })}
          confirmLabel={t('test.removeConfirm')}
          pending={setItems.isPending}
          error={setItems.error}
          onConfirm={() =>
            put(
              refs.filter((_, i) => i !== removing),
              () => setRemoving(null),
            )
          }
        />
      ) : null}
      {canEdit ? (
        <>
          <AddFromBankModal
            key={`bank-${modal === 'bank'}`}
            section={section}
            opened={modal === 'bank'}
            onClose={() => {
              setModal(null);
              setItems.reset();
            }}
            onAdd={(picked) => put([...refs, ...picked], () => setModal(null))}
            pending={setItems.isPending}
            error={setItems.error}
          />
          <DrawModal
            key={`draw-${modal === 'draw'}`}
            section={section}
            opened={modal === 'draw'}
            onClose={() => {
              setModal(null);
              draw.reset();
            }}
            onDraw={(body) =>
              draw.mutate({ sectionId: section.id, ...body }, { onSuccess: () => setModal(null) })
            }
            pending={draw.isPending}
            error={draw.error}
          />
        </>
      ) : null}
    </Card>
  );
}

/** Publishing freezes a version learners take: the author confirms knowing that. */
function PublishButton({
  test,
  label,
  variant,
  pending,
  onPublish,
}: {
  test: TestDetail;
  label: string;
  variant: 'filled' | 'default';
  pending: boolean;
  onPublish: () => void;
}) {
  const { t } = useTranslation('authoring');
  const [open, setOpen] = useState(false);
  const version = (test.published_version ?? 0) + 1;
  return (
    <>
      <Button
        color={variant === 'filled' ? 'teal' : undefined}
        variant={variant}
        loading={pending}
        onClick={() => setOpen(true)}
      >
        {label}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('publish.title')} centered>
        <Stack gap="md">
          <Text size="sm" data-testid="publish-explanation">
            {t('publish.body', { version })}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              {t('publish.cancel')}
            </Button>
            <Button
              color="teal"
              onClick={() => {
                setOpen(false);
                onPublish();
              }}
            >
              {t('publish.confirm', { version })}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

function TestDetailContent({ test }: { test: TestDetail }) {
  const { t, i18n } = useTranslation('content');
  const scope = useBackOfficeScope();
  const navigate = useNavigate();
  const action = useTestAction(test.id);
  const remove = useDeleteTest();
  const failed =
    action.error && 'errors' in (action.error as object)
      ? (action.error as { errors?: Record<string, string> }).errors
      : undefined;
  const run = (name: 'publish' | 'unpublish' | 'archive', done?: () => void) =>
    action.mutate(name, {
      onSuccess: () => {
        done?.();
        notifications.show({ color: 'teal', title: t(`test.actions.${name}Done`), message: test.title });
      },
    });
  return (
    <Stack gap="lg">
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start">
            <Group gap={8}>
              <TestStatusBadge status={test.status} />
              <Text size="sm" data-testid="test-count">
                {t('test.totalCount', { count: test.question_count, required: test.required_count })}
              </Text>
              {test.published_version ? (
                <Badge variant="outline" size="sm">
                  {t('test.version', { version: test.published_version })}
                </Badge>
              ) : null}
              {test.kind === 'smart' ? (
                <Badge color="grape" variant="light" size="sm">
                  {t('test.smart.badge')}
                </Badge>
              ) : null}
              {test.mini ? (
                <Badge color="indigo" variant="light" size="sm" data-testid="mini-badge">
                  {t('test.mini.badge')}
                </Badge>
              ) : null}
            </Group>
            <Group gap={6}>
              <ExportMenu body={{ test_id: test.id }} label={t('export.test')} />
              <PermissionGate permission="update_test">
                <Button component={Link} to={testWeb(scope, `/${test.id}/edit`, test.kind)} variant="default">
                  {t('common.edit')}
                </Button>
                {test.status !== 'published' ? (
                  <PublishButton
                    test={test}
                    variant="filled"
                    pending={action.isPending && action.variables === 'publish'}
                    onPublish={() => run('publish')}
                    label={test.published_version ? t('test.actions.republish') : t('test.actions.publish')}
                  />
                ) : (
                  <>
                    <PublishButton
                      test={test}
                      variant="default"
                      pending={action.isPending && action.variables === 'publish'}
                      onPublish={() => run('publish')}
                      label={t('test.actions.republish')}
                    />
                    <ConfirmActionButton
                      size="sm"
                      variant="default"
                      color="orange"
                      buttonColor="gray"
                      title={t('test.actions.unpublishTitle')}
                      text={t('test.actions.unpublishText', { name: test.title })}
                      confirmLabel={t('test.actions.unpublish')}
                      pending={action.isPending && action.variables === 'unpublish'}
                      error={action.variables === 'unpublish' ? action.error : null}
                      reset={action.reset}
                      onConfirm={(done) => run('unpublish', done)}
                    >
                      {t('test.actions.unpublish')}
                    </ConfirmActionButton>
                  </>
                )}
                {test.status !== 'archived' && test.published_version ? (
                  <ConfirmActionButton
                    size="sm"
                    variant="subtle"
                    color="orange"
                    title={t('test.actions.archiveTitle')}
                    text={t('test.actions.archiveText', { name: test.title })}
                    confirmLabel={t('test.actions.archive')}
                    pending={action.isPending && action.variables === 'archive'}
                    error={action.variables === 'archive' ? action.error : null}
                    reset={action.reset}
                    onConfirm={(done) => run('archive', done)}
                  >
                    {t('test.actions.archive')}
                  </ConfirmActionButton>
                ) : null}
                {!test.published_version ? (
                  <ConfirmDeleteButton
                    name={test.title}
                    title={t('test.deleteTitle')}
                    confirmText={t('common.deleteConfirm', { name: test.title })}
                    onDelete={(done) => remove.mutate(test.id, { onSuccess: done })}
                    onDeleted={() => void navigate(testWeb(scope, '', test.kind))}
                    pending={remove.isPending}
                    error={remove.error}
                    reset={remove.reset}
                    size="sm"
                  />
                ) : null}
              </PermissionGate>
            </Group>
          </Group>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            <Text size="sm">
              <Text span c="dimmed">
                {t('fields.exam')}:{' '}
              </Text>
              {test.exam.name}
            </Text>
            <Text size="sm">
              <Text span c="dimmed">
                {t('fields.duration')}:{' '}
              </Text>
              {t('common.minutes', { count: test.duration_minutes })}
            </Text>
            <Text size="sm">
              <Text span c="dimmed">
                {t('fields.access')}:{' '}
              </Text>
              {t(`test.access.${test.access}`)}
            </Text>
            <Text size="sm">
              <Text span c="dimmed">
                {t('fields.attempts')}:{' '}
              </Text>
              {test.attempts_allowed ?? t('test.unlimited')}
            </Text>
          </SimpleGrid>
          {test.kind === 'smart' ? (
            <Text size="sm" c="dimmed">
              {t('test.smart.explain')}
            </Text>
          ) : null}
          {test.mini ? (
            <Text size="sm" c="dimmed" data-testid="mini-explain">
              {t('test.mini.explain')}
            </Text>
          ) : null}
          <DistinctPapers papers={test.distinct_papers} />
          {action.error ? <ServerErrorAlert error={action.error} title={t('test.actionFailed')} /> : null}
        </Stack>
      </Card>
      {test.sections.map((section, index) =>
        test.kind === 'smart' ? (
          <BlueprintSection
            key={section.id}
            test={test}
            section={section}
            index={index}
            error={Boolean(failed?.[`sections.${index}`])}
          />
        ) : (
          <SectionCard
            key={section.id}
            test={test}
            section={section}
            index={index}
            error={Boolean(failed?.[`sections.${index}`])}
          />
        ),
      )}
      {/* Packs are the platform's: an organization's test shows its versions only. */}
      <SimpleGrid cols={{ base: 1, md: scope.area === 'admin' ? 2 : 1 }} spacing="lg">
        <Card withBorder radius="lg" padding="lg">
          <Title order={3} size="h5" mb="sm">
            {t('test.versions')}
          </Title>
          {test.versions.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('test.noVersions')}
            </Text>
          ) : (
            <Table verticalSpacing={4} data-testid="versions">
              <Table.Tbody>
                {test.versions.map((version) => (
                  <Table.Tr key={version.version}>
                    <Table.Td>{t('test.version', { version: version.version })}</Table.Td>
                    <Table.Td>{t('test.questionsCount', { count: version.question_count })}</Table.Td>
                    <Table.Td>{formatDateTime(version.published_at, i18n.language)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Card>
        {scope.area === 'admin' ? (
          <Card withBorder radius="lg" padding="lg">
            <Title order={3} size="h5" mb="sm">
              {t('test.packs')}
            </Title>
            {test.packs.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('test.noPacks')}
              </Text>
            ) : (
              <Stack gap={4}>
                {test.packs.map((pack) => (
                  <Text key={pack.id} size="sm" component={Link} to={`/admin/pack-exam/${pack.id}/edit`}>
                    {pack.name}
                  </Text>
                ))}
              </Stack>
            )}
          </Card>
        ) : null}
      </SimpleGrid>
      {/* The attempts block reads the admin's statistics and links to the admin's result pages. */}
      {/* Item analysis is served under /api/admin only so far: shown in the admin's scope. */}
      {scope.area === 'admin' ? (
        // Its recent attempts name learners: the students' permission (issue 26).
        <PermissionGate permission="view_student">
          <TestAttemptStats testId={test.id} />
        </PermissionGate>
      ) : null}
      {/* An organization assigns its tests to classes and students (the platform's are in the catalogue). */}
      {scope.area === 'organization' ? (
        <AssignmentsSection
          testId={test.id}
          published={test.status === 'published'}
          durationMinutes={test.duration_minutes}
          resultPath={(attemptId) => testWeb(scope, `/${test.id}/result/${attemptId}`, test.kind)}
        />
      ) : null}
      <ItemAnalysisSection testId={test.id} />
    </Stack>
  );
}

/**
 * A part whose key does not look random: a fixed-pattern guess scores far above chance, one letter runs
 * on, or a letter is never the key (issue 14). Authors rebalance it in the question bank.
 */
function KeyWarnings({ warnings }: { warnings: Section['key_warnings'] }) {
  const { t } = useTranslation('content');
  if (warnings.length === 0) return null;
  return (
    <Alert color="orange" variant="light" title={t('test.keyWarnings.title')} data-testid="key-warnings">
      <Stack gap={4}>
        {warnings.map((warning) => (
          <Text key={`${warning.kind}-${warning.pattern}`} size="sm">
            {t(`test.keyWarnings.${warning.kind}`, {
              pattern: warning.pattern.split('').join(', '),
              count: warning.count,
              total: warning.total,
              chance: warning.chance,
              from: warning.from ?? 1,
            })}
          </Text>
        ))}
        <Text size="sm" c="dimmed">
          {t('test.keyWarnings.hint')}
        </Text>
      </Stack>
    </Alert>
  );
}

/** /admin/test/{id}/detail: sections per part, items, publishing, versions. */
export function TestDetailPage({ id }: { id: string }) {
  const { t } = useTranslation('content');
  const scope = useBackOfficeScope();
  const test = useTest(id);
  return (
    <>
      <title>{`${test.data?.title ?? t('test.listTitle')} · Prepwise`}</title>
      <PageHeader
        title={test.data?.title ?? '…'}
        // The description is rich text: its words, not its markup, under the title.
        description={plainText(test.data?.description) || undefined}
        back={{
          to: testWeb(scope, '', test.data?.kind),
          label: test.data?.kind === 'smart' ? t('test.smart.listTitle') : t('test.listTitle'),
        }}
      />
      <QueryState query={test}>{(data) => <TestDetailContent test={data} />}</QueryState>
    </>
  );
}
