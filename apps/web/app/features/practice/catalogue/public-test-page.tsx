import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Container,
  Group,
  NativeSelect,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import {
  ATTEMPT_KEYS,
  localName,
  localTitle,
  type MyTestState,
  type PublicTestDetail,
  WEB_PATHS,
} from '@prepwise/contract';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { apiClient } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n-react';
import { signInPath } from '../../../lib/route-access';
import { useSession } from '../../../lib/session';
import { Prose } from '../../pages';
import { PackPurchase } from '../../payments';
import { examPath, formatScore, formatVnd, testPath } from '../format';
import { AttemptsTable } from '../history/attempts-table';
import classes from '../practice.module.css';
import { AccessBadge } from './test-card';

const TIME_LIMITS = [5, 10, 15, 20, 30, 45, 60, 90, 120];

/**
 * Educators and back-office staff see tests as they are but take none: attempts belong to learner
 * accounts. They are pointed back to their own area instead of a start button that would be refused.
 */
function NotForThisAccountPanel({ strategy }: { strategy: 'educator' | 'admin' }) {
  const { t } = useTranslation('practice');
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="start-panel">
      <Title order={2} size="h4">
        {t('detail.startTitle')}
      </Title>
      <Alert variant="light" color="blue" mt="sm" data-testid="learner-only">
        {t(`detail.learnerOnly.${strategy}`)}
      </Alert>
      <Button
        component={Link}
        to={strategy === 'admin' ? WEB_PATHS.admin : WEB_PATHS.organization}
        variant="light"
        mt="md"
        fullWidth
      >
        {t(`detail.learnerOnly.${strategy}Link`)}
      </Button>
    </Card>
  );
}

/** Start the full test or practise chosen parts (signed-in learners); visitors are sent to sign in. */
function StartPanel({ test, me }: { test: PublicTestDetail; me: MyTestState | null }) {
  const { t, i18n } = useTranslation('practice');
  const navigate = useNavigate();
  const session = useSession();
  const [parts, setParts] = useState<string[]>([]);
  const [limit, setLimit] = useState('');
  const [pending, setPending] = useState<'full' | 'practice' | null>(null);
  const [error, setError] = useState<unknown>(null);

  if (session.status === 'signed-in' && session.strategy !== 'user') {
    return <NotForThisAccountPanel strategy={session.strategy} />;
  }
  if (!me) {
    return (
      <Card withBorder radius="lg" padding="lg" data-testid="start-panel">
        <Title order={2} size="h4">
          {t('detail.startTitle')}
        </Title>
        <Text size="sm" c="dimmed" mt={4}>
          {t('detail.signInToStart')}
        </Text>
        <Button component={Link} to={signInPath(testPath(test.slug))} mt="md" fullWidth>
          {t('detail.startFull')}
        </Button>
      </Card>
    );
  }

  const start = async (mode: 'full' | 'practice') => {
    setPending(mode);
    setError(null);
    try {
      const body =
        mode === 'full'
          ? { mode }
          : { mode, section_ids: parts, time_limit_minutes: limit ? Number(limit) : null };
      const result = await apiClient.post('/user/tests/{slug}/attempts', {
        path: { slug: test.slug },
        body,
      });
      await navigate(examPath(test.slug, result.id));
    } catch (caught) {
      setError(caught);
      setPending(null);
    }
  };

  const locked = me.locked_reason;
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="start-panel">
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('detail.startTitle')}
        </Title>
        {me.attempts_left !== null ? (
          <Text size="sm" c="dimmed">
            {t('detail.attemptsLeft', { count: me.attempts_left })}
          </Text>
        ) : null}
        {me.in_progress ? (
          <Alert variant="light" color="blue" title={t('detail.inProgressTitle')}>
            <Text size="sm">
              {t('detail.inProgress', { date: formatDateTime(me.in_progress.started_at, i18n.language) })}
            </Text>
            <Button component={Link} to={examPath(test.slug, me.in_progress.id)} mt="sm" size="sm">
              {t('detail.resume')}
            </Button>
          </Alert>
        ) : null}
        {locked ? (
          <Alert
            variant="light"
            color="orange"
            title={t(`locked.${locked}.title`)}
            data-testid="locked-reason"
          >
            {t(`locked.${locked}.text`)}
          </Alert>
        ) : null}
        {error ? (
          <ApiErrorAlert
            error={error}
            messages={{
              [ATTEMPT_KEYS.packRequired]: t('locked.pack_required.text'),
              [ATTEMPT_KEYS.attemptsExhausted]: t('locked.attempts_exhausted.text'),
              [ATTEMPT_KEYS.sectionsRequired]: t('detail.choosePart'),
            }}
          />
        ) : null}
        {me.in_progress ? null : (
          <>
            <div>
              <Text fw={600}>{t('detail.fullTitle')}</Text>
              <Text size="sm" c="dimmed">
                {t('detail.fullText', { minutes: test.duration_minutes })}
              </Text>
              <Button
                mt="sm"
                fullWidth
                disabled={!me.can_start}
                loading={pending === 'full'}
                onClick={() => void start('full')}
              >
                {t('detail.startFull')}
              </Button>
            </div>
            <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
              <legend style={{ fontWeight: 600, padding: 0 }}>{t('detail.practiceTitle')}</legend>
              <Text size="sm" c="dimmed">
                {t('detail.practiceText')}
              </Text>
              <Checkbox.Group value={parts} onChange={setParts} mt="xs">
                <Stack gap={6}>
                  {test.sections.map((section) => (
                    <Checkbox
                      key={section.id}
                      value={section.id}
                      label={`${localName(section, i18n.language)} (${t('common.questions', { count: section.question_count })})`}
                    />
                  ))}
                </Stack>
              </Checkbox.Group>
              <NativeSelect
                mt="sm"
                label={t('detail.timeLimit')}
                value={limit}
                onChange={(event) => setLimit(event.currentTarget.value)}
                data={[
                  { value: '', label: t('detail.noLimit') },
                  ...TIME_LIMITS.map((value) => ({
                    value: String(value),
                    label: t('common.minutes', { count: value }),
                  })),
                ]}
              />
              <Button
                mt="sm"
                fullWidth
                variant="light"
                disabled={!me.can_start || parts.length === 0}
                loading={pending === 'practice'}
                onClick={() => void start('practice')}
              >
                {parts.length === 0
                  ? t('detail.pickParts')
                  : t('detail.startPractice', { count: parts.length })}
              </Button>
            </fieldset>
          </>
        )}
      </Stack>
    </Card>
  );
}

/** /tests/{slug}: structure, rules, packs, the learner's attempts, and how to start. */
export function TestDetailPage({ test, me }: { test: PublicTestDetail; me: MyTestState | null }) {
  const { t, i18n } = useTranslation('practice');
  // The English description in English mode, when the test has one.
  const description = (i18n.language === 'en' && test.description_en) || test.description;
  const questions = test.sections.reduce((sum, section) => sum + section.question_count, 0);
  return (
    <>
      <div className={classes.hero}>
        <Container size="lg">
          <Anchor component={Link} to="/tests" size="sm">
            ← {t('catalogue.title')}
          </Anchor>
          <Group gap={6} mt="sm">
            <Badge variant="light">{localName(test.exam, i18n.language)}</Badge>
            {test.level ? (
              <Badge variant="outline" color="gray">
                {localName(test.level, i18n.language)}
              </Badge>
            ) : null}
            <AccessBadge access={test.access} />
          </Group>
          <Title order={1} mt="xs">
            {localTitle(test, i18n.language)}
          </Title>
          {description ? (
            <div style={{ maxWidth: 760, color: 'var(--mantine-color-dimmed)' }}>
              <Prose html={description} testId="test-description" />
            </div>
          ) : test.excerpt ? (
            <Text c="dimmed" size="lg" mt="xs" maw={760}>
              {test.excerpt}
            </Text>
          ) : null}
          <Text mt="sm" size="sm">
            {t('detail.summary', {
              minutes: test.duration_minutes,
              parts: test.sections.length,
              questions,
              attempts: test.attempt_count,
            })}
          </Text>
        </Container>
      </div>
      <Container size="lg" py="xl">
        <div className={classes.layout}>
          <Stack gap="xl">
            <section aria-labelledby="parts-title">
              <Title order={2} size="h3" id="parts-title" mb="sm">
                {t('detail.parts')}
              </Title>
              <div className={classes.tableWrap}>
                <Table striped withTableBorder data-testid="parts-table">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('detail.part')}</Table.Th>
                      <Table.Th>{t('detail.skill')}</Table.Th>
                      <Table.Th ta="right">{t('card.questions')}</Table.Th>
                      <Table.Th ta="right">{t('detail.time')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {test.sections.map((section) => (
                      <Table.Tr key={section.id}>
                        <Table.Td>{localName(section, i18n.language)}</Table.Td>
                        <Table.Td>{t(`skills.${section.skill}`)}</Table.Td>
                        <Table.Td ta="right">{section.question_count}</Table.Td>
                        <Table.Td ta="right">
                          {section.time_limit_minutes
                            ? t('common.minutes', { count: section.time_limit_minutes })
                            : t('detail.sharedTime')}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </div>
            </section>
            <section aria-labelledby="rules-title">
              <Title order={2} size="h3" id="rules-title" mb="sm">
                {t('detail.rules')}
              </Title>
              <Stack gap={4} component="ul" style={{ paddingInlineStart: '1.25rem', margin: 0 }}>
                <li>{t('detail.ruleDuration', { count: test.duration_minutes })}</li>
                <li>
                  {test.attempts_allowed === null
                    ? t('detail.ruleUnlimited')
                    : t('detail.ruleAttempts', { count: test.attempts_allowed })}
                </li>
                <li>{t(`detail.answers.${test.answer_visibility}`)}</li>
                <li>{t('detail.ruleSaving')}</li>
              </Stack>
            </section>
            {test.packs.length > 0 ? (
              <section aria-labelledby="packs-title">
                <Title order={2} size="h3" id="packs-title" mb="sm">
                  {t('detail.packs')}
                </Title>
                <Stack gap="sm">
                  {test.packs.map((pack) => (
                    <Card key={pack.id} withBorder radius="md" padding="md" data-testid="pack">
                      <Group justify="space-between" align="flex-start">
                        <div>
                          <Text fw={700}>{pack.name}</Text>
                          {pack.description ? (
                            <Text size="sm" c="dimmed">
                              {pack.description}
                            </Text>
                          ) : null}
                          <Text size="sm" mt={4}>
                            {t('detail.packFacts', { tests: pack.test_count, days: pack.validity_days })}
                          </Text>
                        </div>
                        <Text fw={800} size="lg">
                          {formatVnd(pack.price_vnd)}
                        </Text>
                      </Group>
                      {me?.locked_reason === 'pack_required' ? <PackPurchase pack={pack} /> : null}
                    </Card>
                  ))}
                  <Text size="xs" c="dimmed">
                    {t('detail.packNote')}
                  </Text>
                </Stack>
              </section>
            ) : null}
            {me && me.attempts.length > 0 ? (
              <section aria-labelledby="mine-title">
                <Group justify="space-between" mb="sm">
                  <Title order={2} size="h3" id="mine-title">
                    {t('detail.yourAttempts')}
                  </Title>
                  {me.best_score !== null ? (
                    <Badge size="lg" variant="light" color="teal" data-testid="best-score">
                      {t('detail.best', { score: formatScore(me.best_score) })}
                    </Badge>
                  ) : null}
                </Group>
                <AttemptsTable slug={test.slug} attempts={me.attempts} />
              </section>
            ) : null}
          </Stack>
          <div className={classes.aside}>
            <StartPanel test={test} me={me} />
          </div>
        </div>
      </Container>
    </>
  );
}
