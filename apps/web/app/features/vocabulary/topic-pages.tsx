import { Alert, Badge, Button, Container, Text, Title } from '@mantine/core';
import type { VocabularyExam } from '@prepwise/contract';
import { VOCABULARY_EXAMS } from '@prepwise/contract';
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { apiClient } from '../../lib/api-client';
import { useTranslation } from '../../lib/i18n-react';
import { responsiveImage } from '../../lib/responsive-image';
import { signInPath } from '../../lib/route-access';
import { useSessionUser } from '../../lib/session';
import { Flashcards } from './flashcards';
import type { TopicWord } from './types';
import classes from './vocabulary.module.css';

// The quiz's inputs load when a visitor opens it, not with the page.
const LearnRound = lazy(() => import('./learn-round').then((module) => ({ default: module.LearnRound })));

/** A topic as a page shows it: name and description already in the page's language (the loader picks). */
export interface TopicSummary {
  slug: string;
  name: string;
  description: string;
  level: string;
  exam: string;
  word_count: number;
}

export interface TopicView extends TopicSummary {
  words: TopicWord[];
}

function ExamBadge({ exam }: { exam: string }) {
  const { t } = useTranslation('vocabulary');
  const known = (VOCABULARY_EXAMS as readonly string[]).includes(exam);
  return (
    <Badge variant="light" size="sm">
      {known ? t(`exam.${exam as VocabularyExam}`) : exam}
    </Badge>
  );
}

/** /vocabulary: the published topics, filtered by exam through plain links. */
export function TopicListPage({ topics, exam }: { topics: TopicSummary[]; exam: VocabularyExam | null }) {
  const { t } = useTranslation('vocabulary');
  const user = useSessionUser();
  return (
    <>
      <div className={classes.hero}>
        <Container size="lg">
          <Title order={1}>{t('list.title')}</Title>
          <Text c="dimmed" size="lg" mt="xs" maw={720}>
            {t('list.lead')}
          </Text>
          {user && (
            <div className={classes.tabs} style={{ marginTop: '1rem' }}>
              <Button component={Link} to="/vocabulary/review">
                {t('list.review')}
              </Button>
              <Button component={Link} to="/vocabulary/my-words" variant="default">
                {t('list.myWords')}
              </Button>
            </div>
          )}
          <nav className={classes.filters} aria-label={t('list.filterLabel')}>
            <Link to="/vocabulary" className={classes.filter} aria-current={exam ? undefined : 'page'}>
              {t('list.all')}
            </Link>
            {VOCABULARY_EXAMS.map((value) => (
              <Link
                key={value}
                to={`/vocabulary?exam=${value}`}
                className={classes.filter}
                aria-current={exam === value ? 'page' : undefined}
              >
                {t(`exam.${value}`)}
              </Link>
            ))}
          </nav>
        </Container>
      </div>
      <Container size="lg">
        {topics.length === 0 ? (
          <Text my="xl">{t('list.empty')}</Text>
        ) : (
          <ul className={classes.grid} style={{ listStyle: 'none', padding: 0 }}>
            {topics.map((topic) => (
              <li key={topic.slug}>
                <Link to={`/vocabulary/${topic.slug}`} className={classes.topicCard}>
                  <Title order={2} size="h4">
                    {topic.name}
                  </Title>
                  <Text size="sm" c="dimmed" lineClamp={3}>
                    {topic.description}
                  </Text>
                  <div className={classes.meta}>
                    <ExamBadge exam={topic.exam} />
                    <Badge variant="outline" size="sm">
                      {topic.level}
                    </Badge>
                    <span>{t('list.words', { count: topic.word_count })}</span>
                  </div>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Container>
    </>
  );
}

/** "Add to my words" on one word: a sign-in link for visitors. */
export function AddWordButton({
  word,
  saved,
  onSaved,
}: {
  word: Pick<TopicWord, 'id' | 'headword'>;
  saved: boolean;
  onSaved: (wordId: string) => void;
}) {
  const { t } = useTranslation('vocabulary');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  if (saved)
    return (
      <Button size="xs" variant="light" color="green" disabled>
        {t('word.added')}
      </Button>
    );
  return (
    <Button
      size="xs"
      variant="default"
      loading={busy}
      color={failed ? 'red' : undefined}
      aria-label={`${t('word.add')}: ${word.headword}`}
      onClick={async () => {
        setBusy(true);
        setFailed(false);
        try {
          await apiClient.post('/user/vocabulary/cards', { body: { word_id: word.id } });
          onSaved(word.id);
        } catch {
          setFailed(true);
        } finally {
          setBusy(false);
        }
      }}
    >
      {t('word.add')}
    </Button>
  );
}

type Mode = 'cards' | 'learn';

/** /vocabulary/{slug}: the words of a topic, flashcards, a quick quiz, and saving words to review. */
export function TopicPage({ topic, savedWordIds }: { topic: TopicView; savedWordIds: string[] }) {
  const { t } = useTranslation('vocabulary');
  const { t: tErrors } = useTranslation('errors');
  const user = useSessionUser();
  const location = useLocation();
  const [saved, setSaved] = useState(() => new Set(savedWordIds));
  const [mode, setMode] = useState<Mode>('cards');
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [addingAll, setAddingAll] = useState(false);
  const markSaved = (wordId: string) => setSaved((previous) => new Set(previous).add(wordId));

  async function addAll() {
    setAddingAll(true);
    try {
      const result = await apiClient.post('/user/vocabulary/topics/{slug}/cards', {
        path: { slug: topic.slug },
      });
      setSaved(new Set(topic.words.map((word) => word.id)));
      const text = result.added > 0 ? t('topic.addedAll', { count: result.added }) : t('topic.addedNone');
      setStatus({ ok: true, text });
    } catch {
      setStatus({ ok: false, text: tErrors('api.generic') });
    } finally {
      setAddingAll(false);
    }
  }

  return (
    <>
      <div className={classes.hero}>
        <Container size="lg">
          <Text size="sm">
            <Link to="/vocabulary">← {t('topic.back')}</Link>
          </Text>
          <Title order={1} mt="xs">
            {topic.name}
          </Title>
          <Text c="dimmed" mt="xs" maw={720}>
            {topic.description}
          </Text>
          <div className={classes.meta} style={{ marginTop: '0.75rem' }}>
            <ExamBadge exam={topic.exam} />
            <Badge variant="outline" size="sm">
              {topic.level}
            </Badge>
            <span>{t('list.words', { count: topic.word_count })}</span>
          </div>
          <div className={classes.tabs} style={{ marginTop: '1rem' }}>
            {user ? (
              <Button onClick={addAll} loading={addingAll}>
                {t('topic.addAll')}
              </Button>
            ) : (
              <Button component={Link} to={signInPath(location.pathname)}>
                {t('topic.signInToSave')}
              </Button>
            )}
          </div>
          {status && (
            <Alert color={status.ok ? 'green' : 'red'} variant="light" mt="sm" role="status">
              {status.text}
            </Alert>
          )}
        </Container>
      </div>
      <Container size="md">
        <section className={classes.section} aria-label={t(mode === 'cards' ? 'topic.study' : 'topic.learn')}>
          <div className={classes.tabs}>
            <Button
              variant={mode === 'cards' ? 'filled' : 'default'}
              aria-pressed={mode === 'cards'}
              onClick={() => setMode('cards')}
            >
              {t('topic.study')}
            </Button>
            <Button
              variant={mode === 'learn' ? 'filled' : 'default'}
              aria-pressed={mode === 'learn'}
              onClick={() => setMode('learn')}
            >
              {t('topic.learn')}
            </Button>
          </div>
          {mode === 'cards' ? (
            <Flashcards words={topic.words} />
          ) : (
            <Suspense fallback={null}>
              <LearnRound words={topic.words} />
            </Suspense>
          )}
        </section>
        <section className={classes.section}>
          <Title order={2} size="h3" mb="sm">
            {t('topic.wordList')}
          </Title>
          <ul className={classes.words}>
            {topic.words.map((word) => (
              <li key={word.id} className={classes.wordRow}>
                <div>
                  {word.image_url ? (
                    <img
                      {...responsiveImage(word.image_url, '64px')}
                      alt=""
                      className={classes.wordImage}
                      loading="lazy"
                      width={64}
                      height={64}
                    />
                  ) : null}
                  <Text fw={700} span>
                    {word.headword}
                  </Text>{' '}
                  <Text span c="dimmed" size="sm">
                    {word.part_of_speech} {word.ipa}
                  </Text>
                  <Text size="sm">{word.meaning_vi}</Text>
                  <Text size="sm" c="dimmed">
                    {word.definition_en}
                  </Text>
                  {word.examples[0] && (
                    <Text size="sm" className={classes.example}>
                      {word.examples[0].en} — {word.examples[0].vi}
                    </Text>
                  )}
                </div>
                <div>
                  {user && <AddWordButton word={word} saved={saved.has(word.id)} onSaved={markSaved} />}
                </div>
              </li>
            ))}
          </ul>
        </section>
      </Container>
    </>
  );
}
