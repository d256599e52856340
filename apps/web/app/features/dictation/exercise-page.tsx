import {
  Alert,
  Button,
  Container,
  Group,
  Paper,
  Progress,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { API_REALMS, type DictationSentence } from '@prepwise/contract';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { SpeakerIcon } from '../../components/icons';
import { apiClient } from '../../lib/api-client';
import { useTranslation } from '../../lib/i18n-react';
import { useSessionUser } from '../../lib/session';
import classes from './dictation.module.css';
import { type DiffWord, diffSentence, type WordDiff, type WordStatus } from './word-diff';

/** An exercise as the page shows it: labels already in the page's language (the loader picks). */
export interface DictationExerciseView {
  id: string;
  part: string;
  questions: string;
  test: { title: string; slug: string };
  sentences: DictationSentence[];
}

const SPEEDS = ['0.75', '1', '1.25'] as const;
type Speed = (typeof SPEEDS)[number];

export const sentenceAudioUrl = (id: string, index: number) =>
  `${API_REALMS.public}/dictation/${id}/sentences/${index}/audio`;

const STATUSES: WordStatus[] = ['correct', 'wrong', 'missing', 'extra'];

function Word({ word }: { word: DiffWord }) {
  const { t } = useTranslation('dictation');
  const label =
    word.status === 'wrong'
      ? t('exercise.wrongWord', { typed: word.text, expected: word.expected })
      : word.text;
  return (
    <span
      className={`${classes.word} ${classes[word.status]}`}
      data-status={word.status}
      title={`${t(`exercise.status.${word.status}`)}: ${label}`}
    >
      {word.status === 'wrong' ? (
        <>
          <s>{word.text}</s>
          <strong>{word.expected}</strong>
        </>
      ) : (
        word.text
      )}
    </span>
  );
}

function Feedback({ result, sentence }: { result: WordDiff; sentence: DictationSentence }) {
  const { t } = useTranslation('dictation');
  return (
    <Paper withBorder p="md" radius="md" data-testid="dictation-feedback">
      <Stack gap="sm">
        <Text fw={600}>{t('exercise.result', { correct: result.correct, total: result.total })}</Text>
        <div className={classes.diff} data-testid="dictation-diff">
          {result.words.map((word, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the words of one check never move
            <Word key={index} word={word} />
          ))}
        </div>
        <Text size="sm">
          <Text span fw={600}>
            {t('exercise.answer')}:
          </Text>{' '}
          <span data-testid="dictation-answer">{sentence.text}</span>
        </Text>
        <div className={classes.legend}>
          <Text span size="sm" c="dimmed">
            {t('exercise.legend')}:
          </Text>
          {STATUSES.map((status) => (
            <span key={status} className={`${classes.word} ${classes[status]}`}>
              {t(`exercise.status.${status}`)}
            </span>
          ))}
        </div>
      </Stack>
    </Paper>
  );
}

function Summary({
  results,
  sentences,
  onAgain,
  onReview,
}: {
  results: (WordDiff | null)[];
  sentences: number;
  onAgain: () => void;
  onReview: () => void;
}) {
  const { t } = useTranslation('dictation');
  const checked = results.filter((result): result is WordDiff => result !== null);
  const correct = checked.reduce((sum, result) => sum + result.correct, 0);
  const total = checked.reduce((sum, result) => sum + result.total, 0);
  const percent = total === 0 ? 0 : Math.round((correct / total) * 100);
  return (
    <Paper withBorder p="lg" radius="md" data-testid="dictation-summary">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t('exercise.summary.title')}
        </Title>
        <Text size="xl" fw={700}>
          {t('exercise.summary.accuracy', { percent })}
        </Text>
        <Progress value={percent} color={percent >= 80 ? 'green' : percent >= 50 ? 'yellow' : 'red'} />
        <Text c="dimmed">
          {t('exercise.summary.detail', { correct, total, checked: checked.length, sentences })}
        </Text>
        <Group>
          <Button onClick={onReview} variant="default">
            {t('exercise.summary.review')}
          </Button>
          <Button onClick={onAgain}>{t('exercise.summary.again')}</Button>
          <Button component={Link} to="/dictation" variant="subtle">
            {t('exercise.back')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** /dictation/{id}: one sentence at a time; hear it, type it, check it word by word. */
export function DictationExercisePage({ exercise }: { exercise: DictationExerciseView }) {
  const { t } = useTranslation('dictation');
  const count = exercise.sentences.length;
  const [index, setIndex] = useState(0);
  const [answers, setAnswers] = useState<string[]>(() => exercise.sentences.map(() => ''));
  const [results, setResults] = useState<(WordDiff | null)[]>(() => exercise.sentences.map(() => null));
  const [speed, setSpeed] = useState<Speed>('1');
  const [finished, setFinished] = useState(false);
  const audio = useRef<HTMLAudioElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  /** Set when the learner moves to another sentence: it plays once its source is in place. */
  const playOnChange = useRef(false);
  const sentence = exercise.sentences[index]!;
  const result = results[index] ?? null;

  const play = () => {
    const player = audio.current;
    if (!player) return;
    // Replaying while it plays starts the sentence over.
    player.pause();
    player.defaultPlaybackRate = Number(speed);
    player.playbackRate = Number(speed);
    player.currentTime = 0;
    // A browser may refuse to play before the page was touched; the button stays for another try.
    void player.play().catch(() => undefined);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: plays when the sentence changes, not on every render
  useEffect(() => {
    if (!playOnChange.current) return;
    playOnChange.current = false;
    play();
    input.current?.focus();
  }, [index]);

  useEffect(() => {
    if (audio.current) audio.current.playbackRate = Number(speed);
  }, [speed]);

  const go = (next: number) => {
    playOnChange.current = true;
    setIndex(next);
  };
  const learner = useSessionUser()?.scope === 'user';
  const check = () => {
    setResults((current) =>
      current.map((old, i) => (i === index ? diffSentence(sentence.text, answers[index]!) : old)),
    );
    // A signed-in learner's check counts today in their study streak (the learner home); a failure
    // to record it never gets in the way of the exercise.
    if (learner)
      void apiClient
        .post('/user/dictation/{id}/checks', { path: { id: exercise.id } })
        .catch(() => undefined);
  };
  const forward = () => (index + 1 < count ? go(index + 1) : setFinished(true));

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === ' ' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      play();
    } else if (event.key === 'Enter' && !event.shiftKey && event.target === input.current) {
      event.preventDefault();
      if (result) forward();
      else check();
    }
  };

  return (
    <Container size="lg">
      <div className={classes.exercise}>
        <div>
          <Button component={Link} to="/dictation" variant="subtle" px={0} size="compact-sm">
            ← {t('exercise.back')}
          </Button>
          <Title order={1} size="h2" mt="xs">
            {exercise.part} · {exercise.questions}
          </Title>
          <Text c="dimmed" size="sm">
            {t('list.fromTest', { title: exercise.test.title })}
          </Text>
        </div>
        {finished ? (
          <Summary
            results={results}
            sentences={count}
            onReview={() => {
              setFinished(false);
              setIndex(0);
            }}
            onAgain={() => {
              setAnswers(exercise.sentences.map(() => ''));
              setResults(exercise.sentences.map(() => null));
              setFinished(false);
              setIndex(0);
            }}
          />
        ) : (
          // biome-ignore lint/a11y/noStaticElementInteractions: the shortcuts of the fields inside it
          <div onKeyDown={onKeyDown}>
            <Stack gap="md">
              <div>
                <Group justify="space-between" mb={6}>
                  <Text fw={600} data-testid="dictation-progress">
                    {t('exercise.progress', { current: index + 1, total: count })}
                  </Text>
                  {sentence.speaker && (
                    <Text size="sm" c="dimmed">
                      {t('exercise.speaker', { name: sentence.speaker })}
                    </Text>
                  )}
                </Group>
                <Progress value={((index + 1) / count) * 100} size="sm" aria-hidden="true" />
              </div>
              <div className={classes.controls}>
                {/* biome-ignore lint/a11y/useMediaCaption: the sentence itself is shown once checked */}
                <audio
                  ref={audio}
                  src={sentenceAudioUrl(exercise.id, index)}
                  preload="none"
                  data-testid="dictation-audio"
                />
                <Button leftSection={<SpeakerIcon size={18} />} onClick={play}>
                  {result ? t('exercise.replay') : t('exercise.play')}
                </Button>
                <Group gap="xs">
                  <Text size="sm" c="dimmed" id="dictation-speed">
                    {t('exercise.speed')}
                  </Text>
                  <SegmentedControl
                    aria-labelledby="dictation-speed"
                    size="xs"
                    value={speed}
                    onChange={(value) => setSpeed(value as Speed)}
                    data={SPEEDS.map((value) => ({ value, label: `${value}×` }))}
                  />
                </Group>
              </div>
              <Textarea
                ref={input}
                label={t('exercise.answerLabel')}
                placeholder={t('exercise.answerPlaceholder')}
                autosize
                minRows={2}
                value={answers[index]}
                autoComplete="off"
                autoCorrect="off"
                autoCapitalize="off"
                spellCheck={false}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setAnswers((current) => current.map((old, i) => (i === index ? value : old)));
                }}
              />
              <Text size="xs" c="dimmed">
                {t('exercise.help')}
              </Text>
              {result && <Feedback result={result} sentence={sentence} />}
              <div className={classes.nav}>
                <Button variant="default" disabled={index === 0} onClick={() => go(index - 1)}>
                  {t('exercise.previous')}
                </Button>
                <Group gap="xs">
                  <Button variant={result ? 'default' : 'filled'} onClick={check}>
                    {t('exercise.check')}
                  </Button>
                  <Button variant={result ? 'filled' : 'default'} onClick={forward}>
                    {index + 1 < count ? t('exercise.next') : t('exercise.finish')}
                  </Button>
                </Group>
              </div>
            </Stack>
          </div>
        )}
      </div>
    </Container>
  );
}

/** The exercise waits while the learner's open attempt holds its transcript. */
export function AttemptOpenNotice({ testSlug }: { testSlug: string | null }) {
  const { t } = useTranslation('dictation');
  return (
    <Container size="lg">
      <div className={classes.exercise}>
        <Alert color="yellow" data-testid="dictation-attempt-open">
          <Stack gap="sm" align="flex-start">
            <Text>{t('exercise.attemptOpen')}</Text>
            <Group>
              {testSlug && (
                <Button component={Link} to={`/tests/${testSlug}`}>
                  {t('exercise.continueTest')}
                </Button>
              )}
              <Button component={Link} to="/dictation" variant="default">
                {t('exercise.back')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      </div>
    </Container>
  );
}
