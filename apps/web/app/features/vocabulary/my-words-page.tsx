import { Alert, Badge, Button, Container, Group, NumberInput, Text, TextInput, Title } from '@mantine/core';
import {
  CARD_STATES,
  type Page,
  type VocabularyCard,
  type VocabularySettings,
  type VocabularyStats,
} from '@prepwise/contract';
import { useState } from 'react';
import { Form, Link, useRevalidator } from 'react-router';
import { SearchIcon } from '../../components/icons';
import { apiClient } from '../../lib/api-client';
import { ApiError } from '../../lib/api-error';
import { formatDateTime } from '../../lib/format';
import { useTranslation } from '../../lib/i18n-react';
import classes from './vocabulary.module.css';

function Stats({ stats }: { stats: VocabularyStats }) {
  const { t, i18n } = useTranslation('vocabulary');
  const percent = (value: number) =>
    new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 }).format(value);
  const items = [
    { label: t('myWords.stats.total'), value: String(stats.total_cards) },
    { label: t('myWords.stats.dueToday'), value: String(stats.due_today) },
    { label: t('myWords.stats.learnt'), value: String(stats.learnt) },
    { label: t('myWords.stats.reviewsToday'), value: String(stats.reviews_today) },
    { label: t('myWords.stats.streak'), value: t('myWords.stats.streakDays', { count: stats.streak_days }) },
    {
      label: t('myWords.stats.retention', { target: percent(stats.desired_retention) }),
      value: stats.retention_30d === null ? t('myWords.stats.noRetention') : percent(stats.retention_30d),
    },
  ];
  const busiest = Math.max(1, ...stats.forecast.map((day) => day.count));
  const dayLabel = (date: string) =>
    new Intl.DateTimeFormat(i18n.language === 'vi' ? 'vi-VN' : 'en-GB', {
      day: 'numeric',
      month: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${date}T00:00:00Z`));
  return (
    <>
      <dl className={classes.stats}>
        {items.map((item) => (
          <div key={item.label} className={classes.stat}>
            <Text component="dt" size="sm" c="dimmed">
              {item.label}
            </Text>
            <Text component="dd" m={0} className={classes.statValue}>
              {item.value}
            </Text>
          </div>
        ))}
      </dl>
      <figure className={classes.forecast}>
        <figcaption>
          <Text fw={600} size="sm">
            {t('myWords.forecast.title')}
          </Text>
        </figcaption>
        <ol className={classes.forecastBars} data-testid="forecast">
          {stats.forecast.map((day) => (
            <li
              key={day.date}
              title={t('myWords.forecast.day', { date: dayLabel(day.date), count: day.count })}
            >
              <span className={classes.forecastCount}>{day.count}</span>
              <span
                className={classes.forecastBar}
                style={{ height: `${Math.round((day.count / busiest) * 100)}%` }}
                aria-hidden="true"
              />
              <span className={classes.forecastDate}>{dayLabel(day.date)}</span>
            </li>
          ))}
        </ol>
      </figure>
    </>
  );
}

function SettingsForm({ settings }: { settings: VocabularySettings }) {
  const { t } = useTranslation('vocabulary');
  const { t: tMessages } = useTranslation('messages');
  const { t: tErrors } = useTranslation('errors');
  const revalidator = useRevalidator();
  const [retention, setRetention] = useState<number | string>(settings.desired_retention);
  const [perDay, setPerDay] = useState<number | string>(settings.new_cards_per_day);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const fieldError = (name: string) =>
    errors[name] ? tMessages(errors[name] as 'vocabulary.retention_range') : undefined;
  return (
    <form
      onSubmit={async (event) => {
        event.preventDefault();
        setBusy(true);
        setErrors({});
        setStatus(null);
        try {
          await apiClient.put('/user/vocabulary/settings', {
            body: {
              // An empty field goes as null (JSON has no NaN), which the API answers as invalid.
              desired_retention: retention === '' ? Number.NaN : Number(retention),
              new_cards_per_day: perDay === '' ? Number.NaN : Number(perDay),
            },
          });
          setStatus({ ok: true, text: t('settings.saved') });
          revalidator.revalidate();
        } catch (error) {
          if (error instanceof ApiError && error.errors) setErrors(error.errors as Record<string, string>);
          else setStatus({ ok: false, text: tErrors('api.generic') });
        } finally {
          setBusy(false);
        }
      }}
    >
      <Title order={2} size="h4" mb="xs">
        {t('settings.title')}
      </Title>
      <Group align="flex-start">
        <NumberInput
          label={t('settings.retention')}
          description={t('settings.retentionHelp')}
          value={retention}
          onChange={setRetention}
          step={0.01}
          decimalScale={2}
          error={fieldError('desired_retention')}
          maw={260}
        />
        <NumberInput
          label={t('settings.newPerDay')}
          value={perDay}
          onChange={setPerDay}
          step={1}
          allowDecimal={false}
          error={fieldError('new_cards_per_day')}
          maw={200}
        />
      </Group>
      <Button type="submit" mt="sm" loading={busy}>
        {t('settings.save')}
      </Button>
      {status && (
        <Alert color={status.ok ? 'green' : 'red'} variant="light" mt="sm" role="status">
          {status.text}
        </Alert>
      )}
    </form>
  );
}

/** /vocabulary/my-words: progress, the learner's cards with their next review, and review settings. */
export function MyWordsPage({
  cards,
  stats,
  settings,
  search,
}: {
  cards: Page<VocabularyCard>;
  stats: VocabularyStats;
  settings: VocabularySettings;
  search: string;
}) {
  const { t, i18n } = useTranslation('vocabulary');
  const revalidator = useRevalidator();
  const [message, setMessage] = useState<string | null>(null);
  const pages = Math.max(1, Math.ceil(cards.total / cards.pageSize));
  const now = Date.now();
  return (
    <Container size="md" my="xl">
      <Group justify="space-between" align="baseline">
        <Title order={1}>{t('myWords.title')}</Title>
        <Button component={Link} to="/vocabulary/review">
          {t('list.review')}
        </Button>
      </Group>
      <Stats stats={stats} />
      <Form method="get" role="search">
        <Group align="flex-end">
          <TextInput
            name="search"
            type="search"
            label={t('myWords.search')}
            defaultValue={search}
            leftSection={<SearchIcon size={16} />}
          />
          <Button type="submit" variant="default">
            {t('myWords.search')}
          </Button>
        </Group>
      </Form>
      {message && (
        <Alert color="green" variant="light" mt="sm" role="status">
          {message}
        </Alert>
      )}
      {cards.items.length === 0 ? (
        <Text my="lg">
          {t('myWords.empty')} <Link to="/vocabulary">{t('review.browseTopics')}</Link>
        </Text>
      ) : (
        <ul className={classes.words} style={{ marginTop: '1rem' }}>
          {cards.items.map((card) => {
            const state = CARD_STATES[card.state as keyof typeof CARD_STATES] ?? 'new';
            const due = card.state !== 0 && new Date(card.due).getTime() <= now;
            return (
              <li key={card.id} className={classes.wordRow} data-testid="my-word">
                <div>
                  <Text fw={700} span>
                    {card.word.headword}
                  </Text>{' '}
                  <Text span size="sm" c="dimmed">
                    {card.word.part_of_speech}
                  </Text>
                  <Text size="sm">{card.word.meaning_vi}</Text>
                  <Group gap="xs" mt={4}>
                    <Badge size="sm" variant="light">
                      {t(`myWords.states.${state}`)}
                    </Badge>
                    {card.state !== 0 && (
                      <Text size="xs" c="dimmed">
                        {t('myWords.dueAt')}:{' '}
                        {due ? t('myWords.dueNow') : formatDateTime(card.due, i18n.language)}
                      </Text>
                    )}
                  </Group>
                </div>
                <div>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    aria-label={`${t('myWords.remove')}: ${card.word.headword}`}
                    onClick={async () => {
                      await apiClient.delete('/user/vocabulary/cards/{id}', { path: { id: card.id } });
                      setMessage(t('myWords.removed', { word: card.word.headword }));
                      revalidator.revalidate();
                    }}
                  >
                    {t('myWords.remove')}
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {pages > 1 && (
        <Group my="md" gap="xs">
          {Array.from({ length: pages }, (_, n) => n + 1).map((page) => (
            <Button
              key={page}
              component={Link}
              to={`?${new URLSearchParams({ ...(search ? { search } : {}), page: String(page) })}`}
              size="xs"
              variant={page === cards.page ? 'filled' : 'default'}
              aria-current={page === cards.page ? 'page' : undefined}
            >
              {page}
            </Button>
          ))}
        </Group>
      )}
      <div className={classes.section}>
        <SettingsForm settings={settings} />
      </div>
    </Container>
  );
}
