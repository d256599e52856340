import { Alert, Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import {
  type AttemptResult,
  type Highlight,
  localName,
  localTitle,
  type Outcome,
  type ReviewQuestion,
  rubricOf,
  type TeacherMark,
} from '@prepwise/contract';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { looseT } from '../../../lib/i18n';
import { useTranslation } from '../../../lib/i18n-react';
import { fetchHighlights, ReviewPassage } from '../../exam-runner';
import { Prose } from '../../pages';
import { countWords, formatClock, formatScore, testPath } from '../format';
import { PractiseMistakesButton, QuestionBookmark } from '../notebook/notebook-actions';
import classes from '../practice.module.css';
import { AnswerMarkingPanel, InlineComments } from './answer-marking';
import { EssayWithIssues } from './draft-feedback';
import { IeltsBandsCard } from './ielts-bands-card';
import { ResultBreakdown } from './result-breakdown';
import {
  PART_PARAM,
  partSearch,
  questionAnchor,
  sectionQuestions,
  selectedPartIndex,
  shortPartName,
  stemWithoutNumber,
} from './review-navigation';
import { ReviewPalette } from './review-palette';

type Filter = 'all' | 'wrong' | 'skipped' | 'flagged';
type ReviewSection = AttemptResult['review'][number];
type ReviewItem = ReviewSection['items'][number];

const OUTCOME_COLORS: Record<Outcome, string> = {
  correct: 'teal',
  partial: 'yellow',
  wrong: 'red',
  skipped: 'gray',
  pending: 'blue',
};

function matches(question: ReviewQuestion, filter: Filter): boolean {
  if (filter === 'wrong') return question.outcome === 'wrong' || question.outcome === 'partial';
  if (filter === 'skipped') return question.outcome === 'skipped';
  if (filter === 'flagged') return question.flagged;
  return true;
}

const asRecord = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
const asStrings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** A learner's or the correct answer as text, per answer kind. */
export function useAnswerText() {
  const { t } = useTranslation('practice');
  return (question: ReviewQuestion, value: unknown, side: 'yours' | 'correct'): string | null => {
    if (value === null || value === undefined) return null;
    const record = asRecord(value);
    const optionLabel = (key: string) => {
      const option = question.options.find((item) => item.key === key);
      // Shuffled options (issue 29) are named by the letter the learner saw.
      return option ? `${option.label ?? key}. ${stripTags(option.content)}` : key;
    };
    switch (question.answer_kind) {
      case 'single_choice':
        return typeof record.key === 'string' ? optionLabel(record.key) : null;
      case 'multiple_choice':
        return asStrings(record.keys).map(optionLabel).join('; ') || null;
      case 'true_false_not_given':
        return typeof record.value === 'string' ? looseT(t)(`tfng.${record.value}`) : null;
      case 'gap_fill':
      case 'short_answer':
        if (side === 'correct') return asStrings(record.accepted).join(' / ') || null;
        return typeof record.text === 'string' && record.text.trim() ? record.text : null;
      case 'matching': {
        const pairs = Object.entries(asRecord(record.pairs));
        return pairs.length ? pairs.map(([left, right]) => `${left} → ${String(right)}`).join(', ') : null;
      }
      case 'speaking':
        // A spoken answer: how long it is (a teacher marks it; there is no correct answer to show).
        if (side === 'correct' || typeof record.recording_id !== 'string') return null;
        return t('review.recorded', { seconds: Math.round(Number(record.duration_ms ?? 0) / 1000) });
      default:
        return null;
    }
  };
}

function stripTags(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Ordering: the learner's order next to the correct one, each piece marked in or out of place. */
function OrderingReview({ question, showAnswers }: { question: ReviewQuestion; showAnswers: boolean }) {
  const { t } = useTranslation('practice');
  const yours = asStrings(asRecord(question.your_answer).order);
  const correct = showAnswers ? asStrings(asRecord(question.correct_answer).order) : [];
  const piece = (key: string) =>
    stripTags(question.options.find((option) => option.key === key)?.content ?? key);
  const list = (keys: string[], side: 'yours' | 'correct') => (
    <ol className={classes.orderList} data-testid={side === 'yours' ? 'your-order' : 'correct-order'}>
      {keys.map((key, index) => {
        const placed = side === 'correct' || !showAnswers ? undefined : correct[index] === key;
        return (
          <li
            key={key}
            className={classes.orderPiece}
            data-placed={placed === undefined ? undefined : String(placed)}
          >
            <Text span fw={700} size="sm" w={22} ta="right">
              {index + 1}.
            </Text>
            <Text span size="sm" style={{ flex: 1 }}>
              {piece(key)}
            </Text>
            {placed === undefined ? null : (
              <Badge size="xs" variant="light" color={placed ? 'teal' : 'red'}>
                {placed ? t('review.inPlace') : t('review.outOfPlace')}
              </Badge>
            )}
          </li>
        );
      })}
    </ol>
  );
  return (
    <div className={classes.orderColumns}>
      <div>
        <Text size="sm" c="dimmed" mb={4}>
          {t('review.yourOrder')}
        </Text>
        {yours.length > 0 ? list(yours, 'yours') : <Text size="sm">{t('review.noAnswer')}</Text>}
      </div>
      {showAnswers && correct.length > 0 ? (
        <div>
          <Text size="sm" c="dimmed" mb={4}>
            {t('review.correctOrder')}
          </Text>
          {list(correct, 'correct')}
        </div>
      ) : null}
    </div>
  );
}

/**
 * A back office marks essays in the review it shows (issue 15): it provides the form rendered under each
 * answered essay, in place of the read-only mark learners see.
 */
/** The learner's highlights and notes on the passages, by group (their own result only). */
const NO_HIGHLIGHTS: Highlight[] = [];
const ReviewHighlights = createContext<ReadonlyMap<string, Highlight[]>>(new Map());

/** The attempt's id when the viewer took it (their self-assessment is offered), else null. */
const OwnAttemptId = createContext<string | null>(null);

/** What the review's questions read from the page: the viewer's highlights and own attempt's id. */
function ReviewContext({
  highlights,
  ownAttemptId,
  children,
}: {
  highlights: ReadonlyMap<string, Highlight[]>;
  ownAttemptId: string | null;
  children: ReactNode;
}) {
  return (
    <ReviewHighlights.Provider value={highlights}>
      <OwnAttemptId.Provider value={ownAttemptId}>{children}</OwnAttemptId.Provider>
    </ReviewHighlights.Provider>
  );
}

export const EssayMarkingSlot = createContext<((question: ReviewQuestion) => ReactNode) | null>(null);

/** A teacher's mark as the learner reads it: the score out of 10, each criterion, the comment. */
function TeacherMarkView({ mark }: { mark: TeacherMark }) {
  const { t, i18n } = useTranslation('practice');
  return (
    <Card withBorder p="sm" data-testid="teacher-mark">
      <Text fw={600}>{t('review.mark.title', { score: formatScore(mark.score), max: mark.max_score })}</Text>
      <Table mt={4} withRowBorders={false} verticalSpacing={2}>
        <Table.Tbody>
          {rubricOf(mark.rubric).criteria.map((criterion) => (
            <Table.Tr key={criterion}>
              <Table.Td px={0}>
                {t(`review.mark.criteria.${criterion}` as 'review.mark.criteria.task')}
              </Table.Td>
              <Table.Td ta="right">{formatScore(mark.criteria[criterion] ?? 0)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {mark.comment ? (
        <Text size="sm" mt="xs" className={classes.essay} data-testid="teacher-comment">
          {mark.comment}
        </Text>
      ) : null}
      <Text size="xs" c="dimmed" mt={4}>
        {mark.marked_by
          ? t('review.mark.by', { name: mark.marked_by, date: formatDateTime(mark.marked_at, i18n.language) })
          : formatDateTime(mark.marked_at, i18n.language)}
      </Text>
    </Card>
  );
}

/** Essay: the learner's text as written, its word count, the marking guidance and the teacher's mark. */
function EssayReview({ question, showAnswers }: { question: ReviewQuestion; showAnswers: boolean }) {
  const { t } = useTranslation('practice');
  const markingSlot = useContext(EssayMarkingSlot);
  const record = asRecord(question.your_answer);
  const text = typeof record.text === 'string' ? record.text.trim() : '';
  const guidance = asRecord(question.correct_answer).guidance;
  const issues = question.marking?.draft?.feedback?.issues ?? [];
  return (
    <Stack gap="xs" mt="xs">
      {question.outcome === 'pending' && !question.marking ? (
        <Alert variant="light" color="blue" p="xs" data-testid="essay-pending">
          {t('review.essayPending')}
        </Alert>
      ) : null}
      <div>
        <Text size="sm" c="dimmed">
          {text ? t('review.yourEssay', { count: countWords(text) }) : t('review.yourAnswer')}
        </Text>
        {text ? (
          <Text size="sm" className={classes.essay} data-testid="your-essay">
            {markingSlot ? text : <EssayWithIssues text={text} issues={issues} />}
          </Text>
        ) : (
          <Text size="sm">{t('review.noAnswer')}</Text>
        )}
      </div>
      {showAnswers && typeof guidance === 'string' && guidance ? (
        <Text size="sm" data-testid="essay-guidance">
          <Text span c="dimmed">
            {t('review.guidance')}:{' '}
          </Text>
          {guidance}
        </Text>
      ) : null}
      {!markingSlot ? (
        <LearnerMarking question={question} text={text} />
      ) : text ? (
        markingSlot(question)
      ) : null}
    </Stack>
  );
}

/** A written or spoken answer's marking as its learner reads it: the teacher's mark, the draft, the rest. */
function LearnerMarking({ question, text }: { question: ReviewQuestion; text: string }) {
  const attemptId = useContext(OwnAttemptId);
  return (
    <>
      {question.teacher_mark ? (
        <>
          <TeacherMarkView mark={question.teacher_mark} />
          <InlineComments text={text} comments={question.teacher_mark.comments} />
        </>
      ) : null}
      {question.marking ? (
        <AnswerMarkingPanel attemptId={attemptId} question={question} marking={question.marking} />
      ) : null}
    </>
  );
}

function chosenKeys(question: ReviewQuestion, value: unknown): string[] {
  const record = asRecord(value);
  if (question.answer_kind === 'single_choice') return typeof record.key === 'string' ? [record.key] : [];
  if (question.answer_kind === 'multiple_choice') return asStrings(record.keys);
  return [];
}

/** Which explanations are open, by question id (collapsed by default; "expand all" opens a part's). */
interface ExplanationState {
  open: ReadonlySet<string>;
  toggle: (questionId: string, open: boolean) => void;
}

function QuestionReview({
  question,
  showAnswers,
  explanations,
}: {
  question: ReviewQuestion;
  showAnswers: boolean;
  explanations: ExplanationState;
}) {
  const { t, i18n } = useTranslation('practice');
  const answerText = useAnswerText();
  const markingSlot = useContext(EssayMarkingSlot);
  const choice = question.answer_kind === 'single_choice' || question.answer_kind === 'multiple_choice';
  const yours = chosenKeys(question, question.your_answer);
  const correct = showAnswers ? chosenKeys(question, question.correct_answer) : [];
  const explanation =
    i18n.language === 'en'
      ? question.explanation_en || question.explanation_vi
      : question.explanation_vi || question.explanation_en;
  const yourText = answerText(question, question.your_answer, 'yours');
  const correctText = showAnswers ? answerText(question, question.correct_answer, 'correct') : null;
  const stem = stemWithoutNumber(question.stem, question.number);
  return (
    <article
      className={classes.question}
      id={questionAnchor(question.number)}
      data-testid="review-question"
      data-number={question.number}
      data-outcome={question.outcome}
      aria-labelledby={`q-${question.id}`}
    >
      {/* The question's header line: its number and flag, then its outcome and per-question actions. */}
      <Group gap="xs" justify="space-between" align="flex-start" data-testid="review-question-header">
        <Group gap="xs">
          <Text fw={700} id={`q-${question.id}`}>
            {t('review.question', { number: question.number })}
          </Text>
          {question.flagged ? (
            <Badge size="sm" variant="outline" color="orange">
              {t('review.flagged')}
            </Badge>
          ) : null}
          <QuestionBookmark questionId={question.id} />
        </Group>
        <Group gap={6}>
          {question.teacher_mark ? (
            // A marked essay reads as its band or mark on its rubric's scale, not as a share of a point.
            <Badge color="violet" variant="light">
              {t('review.mark.badge', {
                score: formatScore(question.teacher_mark.score),
                max: question.teacher_mark.max_score,
              })}
            </Badge>
          ) : (
            <Badge color={OUTCOME_COLORS[question.outcome]} variant="light">
              {t(`outcome.${question.outcome}`)}
              {question.outcome === 'partial'
                ? ` ${formatScore(question.points)}/${formatScore(question.max_points)}`
                : ''}
            </Badge>
          )}
        </Group>
      </Group>
      {stem ? <Prose html={stem} /> : null}
      {question.image ? (
        <img src={question.image.url} alt="" loading="lazy" style={{ maxWidth: '100%', height: 'auto' }} />
      ) : null}
      {question.audio ? (
        // biome-ignore lint/a11y/useMediaCaption: the transcript of the group is shown in the review
        <audio controls preload="none" src={question.audio.url} style={{ width: '100%' }} />
      ) : null}
      {choice && question.options.length > 0 ? (
        <ul className={classes.options}>
          {question.options.map((option) => {
            const isCorrect = correct.includes(option.key);
            const isChosen = yours.includes(option.key);
            return (
              <li
                key={option.key}
                className={classes.option}
                data-correct={String(isCorrect)}
                data-chosen={String(isChosen)}
              >
                <Text fw={700} span>
                  {option.label ?? option.key}.
                </Text>
                <Text span style={{ flex: 1 }}>
                  {stripTags(option.content)}
                </Text>
                {isChosen ? (
                  <Badge size="xs" variant="outline" color={isCorrect ? 'teal' : 'red'}>
                    {t('review.yourChoice')}
                  </Badge>
                ) : null}
                {isCorrect ? (
                  <Badge size="xs" color="teal">
                    {t('review.correctChoice')}
                  </Badge>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      {question.answer_kind === 'multiple_choice' &&
      showAnswers &&
      (question.outcome === 'partial' || question.outcome === 'wrong') ? (
        <Text size="xs" c="dimmed" mt={6} data-testid="partial-rule">
          {t('review.multipleRule')}
        </Text>
      ) : null}
      {question.answer_kind === 'ordering' ? (
        <OrderingReview question={question} showAnswers={showAnswers} />
      ) : null}
      {question.answer_kind === 'essay' ? (
        <EssayReview question={question} showAnswers={showAnswers} />
      ) : null}
      {question.answer_kind === 'speaking' && !markingSlot ? (
        <Stack gap="xs" mt="xs">
          <LearnerMarking question={question} text="" />
        </Stack>
      ) : null}
      {question.answer_kind === 'ordering' || question.answer_kind === 'essay' ? null : (
        <Stack gap={2} mt="xs">
          <Text size="sm" data-testid="your-answer">
            <Text span c="dimmed">
              {t('review.yourAnswer')}:{' '}
            </Text>
            {yourText ?? t('review.noAnswer')}
          </Text>
          {showAnswers && !choice ? (
            <Text size="sm" data-testid="correct-answer">
              <Text span c="dimmed">
                {t('review.correctAnswer')}:{' '}
              </Text>
              {correctText ?? '—'}
            </Text>
          ) : null}
        </Stack>
      )}
      {explanation && showAnswers ? (
        <details
          className={classes.details}
          style={{ marginTop: '0.5rem' }}
          open={explanations.open.has(question.id)}
          onToggle={(event) => explanations.toggle(question.id, event.currentTarget.open)}
          data-testid="explanation-toggle"
        >
          <summary>{t('review.explanation')}</summary>
          <Prose html={explanation} testId="explanation" />
        </details>
      ) : null}
    </article>
  );
}

function ItemReview({
  item,
  filter,
  showAnswers,
  explanations,
}: {
  item: ReviewItem;
  filter: Filter;
  showAnswers: boolean;
  explanations: ExplanationState;
}) {
  const { t } = useTranslation('practice');
  const highlights = useContext(ReviewHighlights);
  if (item.kind === 'question') {
    return matches(item.question, filter) ? (
      <QuestionReview question={item.question} showAnswers={showAnswers} explanations={explanations} />
    ) : null;
  }
  const { group } = item;
  const questions = group.questions.filter((question) => matches(question, filter));
  if (questions.length === 0) return null;
  return (
    <div className={classes.group} data-testid="review-group">
      {group.title ? (
        <Text fw={700} mb="xs">
          {group.title}
        </Text>
      ) : null}
      {group.audio ? (
        <>
          <Text size="sm" c="dimmed">
            {t('review.audio')}
          </Text>
          {/* biome-ignore lint/a11y/useMediaCaption: the transcript follows the player */}
          <audio controls preload="none" src={group.audio.url} style={{ width: '100%' }} />
        </>
      ) : null}
      {group.image ? (
        <img src={group.image.url} alt="" loading="lazy" style={{ maxWidth: '100%', height: 'auto' }} />
      ) : null}
      {group.transcript ? (
        <details className={classes.details}>
          <summary>{t('review.transcript')}</summary>
          <Prose html={group.transcript} testId="transcript" />
        </details>
      ) : null}
      {group.passage ? (
        <details className={classes.details} open={filter === 'all'}>
          <summary>{t('review.passage')}</summary>
          <ReviewPassage
            passage={<Prose html={group.passage} testId="passage" />}
            highlights={highlights.get(group.id) ?? NO_HIGHLIGHTS}
          />
        </details>
      ) : null}
      {questions.map((question) => (
        <QuestionReview
          key={question.id}
          question={question}
          showAnswers={showAnswers}
          explanations={explanations}
        />
      ))}
    </div>
  );
}

/** Scores, counts per part, time, and the per-question review of one submitted attempt. */
export function ResultView({
  result,
  retake = true,
  headingLevel = 1,
  reviewWithheld,
  learnerTools,
  ownAttempt = false,
}: {
  result: AttemptResult;
  retake?: boolean;
  headingLevel?: 1 | 2;
  /** The viewer took this attempt: their highlights and notes on its passages are shown. */
  ownAttempt?: boolean;
  /** Shown instead of the per-question review when it is withheld (an assignment's answer policy). */
  reviewWithheld?: ReactNode;
  /** The learner's own tools under the breakdown (e.g. the words to learn from the missed questions). */
  learnerTools?: ReactNode;
}) {
  const { t, i18n } = useTranslation('practice');
  const [filter, setFilter] = useState<Filter>('all');
  // The results are not released yet (issue 29): the learner's answers and score only, and when the rest comes.
  const withheld = result.review_withheld;
  const withheldNotice =
    reviewWithheld ??
    (withheld ? (
      <Alert color="blue" variant="light" data-testid="review-withheld">
        {withheld.until
          ? t('review.withheldUntil', { date: formatDateTime(withheld.until, i18n.language) })
          : t('review.withheldNever')}
      </Alert>
    ) : undefined);
  const [highlights, setHighlights] = useState<ReadonlyMap<string, Highlight[]>>(() => new Map());
  useEffect(() => {
    if (!ownAttempt) return;
    let cancelled = false;
    void fetchHighlights(result.id).then((kept) => {
      if (cancelled || !kept) return;
      const byGroup = new Map<string, Highlight[]>();
      for (const highlight of kept.highlights)
        byGroup.set(highlight.group_id, [...(byGroup.get(highlight.group_id) ?? []), highlight]);
      setHighlights(byGroup);
    });
    return () => {
      cancelled = true;
    };
  }, [ownAttempt, result.id]);
  const [searchParams] = useSearchParams();
  const location = useLocation();
  // One part at a time (`?part=N`): a 200-question review is otherwise one very long page.
  const partIndex = selectedPartIndex(searchParams.get(PART_PARAM), result.review.length);
  const part = result.review[partIndex];
  const nextPart = result.review[partIndex + 1];
  const partQuestions = part ? sectionQuestions(part) : [];
  const count = (value: Filter) => partQuestions.filter((question) => matches(question, value)).length;
  const [openExplanations, setOpenExplanations] = useState<ReadonlySet<string>>(() => new Set());
  const explanations: ExplanationState = {
    open: openExplanations,
    toggle: (questionId, open) =>
      setOpenExplanations((previous) => {
        if (previous.has(questionId) === open) return previous;
        const next = new Set(previous);
        if (open) next.add(questionId);
        else next.delete(questionId);
        return next;
      }),
  };
  const explained = result.answers_visible
    ? partQuestions.filter(
        (question) => (question.explanation_vi || question.explanation_en) && matches(question, filter),
      )
    : [];
  const allOpen = explained.length > 0 && explained.every((question) => openExplanations.has(question.id));

  // A jump to a question (palette, breakdown): shown even when the filter hides it, then scrolled to.
  const [jump, setJump] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per navigation, with that moment's filter
  useEffect(() => {
    const number = /^#question-(\d+)$/.exec(location.hash)?.[1];
    if (!number) return;
    const target = partQuestions.find((question) => question.number === Number(number));
    if (target && !matches(target, filter)) setFilter('all');
    setJump(location.hash.slice(1));
  }, [location.key]);
  useEffect(() => {
    if (!jump) return;
    document.getElementById(jump)?.scrollIntoView({ block: 'start' });
    setJump(null);
  }, [jump]);
  // A four-skill IELTS attempt is summed by its overall band (the card below), not by adding its sections.
  const scored = !result.ielts_bands?.four_skills && result.score_total !== null && result.max_score !== null;
  // With partly correct answers the raw scores are points, not a count of correct answers.
  const withPartial = result.counts.partial > 0 && result.sections.length > 0;
  const rawPoints = result.sections.reduce((sum, section) => sum + section.raw, 0);
  const rawMax = result.sections.reduce((sum, section) => sum + section.max_raw - section.pending, 0);
  const pending = result.grading === 'pending_manual';
  const sub = headingLevel === 1 ? 2 : 3;
  const scaled = result.sections.some((section) => section.score !== null);
  const subsub = headingLevel === 1 ? 3 : 4;

  return (
    <ReviewContext highlights={highlights} ownAttemptId={ownAttempt ? result.id : null}>
      <Stack gap="xl" data-testid="result-view">
        <div>
          <Group gap={6}>
            <Badge variant="light">{localName(result.test.exam, i18n.language)}</Badge>
            <Badge variant="light" color={result.mode === 'full' ? 'blue' : 'grape'}>
              {t(`mode.${result.mode}`)}
            </Badge>
            {result.submit_reason === 'deadline' ? (
              <Badge variant="outline" color="orange">
                {t('result.autoSubmitted')}
              </Badge>
            ) : null}
          </Group>
          <Title order={headingLevel} mt="xs">
            {t('result.title', { title: localTitle(result.test, i18n.language) })}
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            {t('result.submittedAt', { date: formatDateTime(result.submitted_at, i18n.language) })}
          </Text>
          <PractiseMistakesButton result={result} />
        </div>

        {pending ? (
          <Alert color="blue" variant="light" title={t('result.pendingTitle')} data-testid="pending-note">
            {t('result.pendingText', { count: result.counts.pending })}
          </Alert>
        ) : null}

        {result.ielts_bands ? (
          <IeltsBandsCard bands={result.ielts_bands} headingLevel={sub as 2 | 3} />
        ) : null}

        <Card withBorder radius="lg" padding="lg">
          <Group align="flex-start" justify="space-between" gap="xl">
            <div data-testid="score-total">
              <Text size="sm" c="dimmed">
                {scored
                  ? t('result.totalScore')
                  : withPartial
                    ? t('result.points')
                    : t('result.correctAnswers')}
              </Text>
              <Text className={classes.scoreBig}>
                {scored
                  ? `${formatScore(result.score_total)}`
                  : withPartial
                    ? // Partly correct answers earn part of a point: the same points as the table below.
                      `${formatScore(rawPoints)}/${formatScore(rawMax)}`
                    : // Answers waiting for a teacher are neither right nor wrong yet: not counted here.
                      `${result.counts.correct}/${result.counts.total - result.counts.pending}`}
                {scored ? (
                  <Text span size="lg" c="dimmed" fw={600}>
                    {' '}
                    / {formatScore(result.max_score)}
                  </Text>
                ) : null}
              </Text>
              {!scored && result.counts.pending > 0 ? (
                <Text size="xs" c="dimmed" mt={6} data-testid="score-pending">
                  {t('result.sectionPending', { count: result.counts.pending })}
                </Text>
              ) : null}
              {result.mini && result.mode === 'full' ? (
                // A mini test (issue 29) is scored per question: its note replaces the tables' one.
                <Stack gap={4} mt={6} maw={360} data-testid="mini-note">
                  <Badge variant="light" color="grape" size="sm">
                    {t('result.miniBadge')}
                  </Badge>
                  <Text size="xs" c="dimmed">
                    {t('result.miniNote')}
                  </Text>
                </Stack>
              ) : scored && result.is_estimate ? (
                <Text size="xs" c="dimmed" mt={6} maw={360} data-testid="estimate-note">
                  {t('result.estimate')}
                </Text>
              ) : null}
              {result.mode === 'practice' ? (
                <Text size="xs" c="dimmed" mt={6} maw={360}>
                  {t('result.practiceNote')}
                </Text>
              ) : null}
            </div>
            <div className={classes.stats} style={{ flex: 1, minWidth: 'min(100%, 20rem)' }}>
              {(['correct', 'wrong', 'skipped'] as const).map((key) => (
                <div key={key} className={classes.stat} data-testid={`count-${key}`}>
                  <Text size="xs" c="dimmed">
                    {t(`outcome.${key}`)}
                  </Text>
                  <Text fw={800} size="xl" c={OUTCOME_COLORS[key]}>
                    {result.counts[key]}
                  </Text>
                </div>
              ))}
              {result.counts.partial > 0 ? (
                <div className={classes.stat}>
                  <Text size="xs" c="dimmed">
                    {t('outcome.partial')}
                  </Text>
                  <Text fw={800} size="xl">
                    {result.counts.partial}
                  </Text>
                </div>
              ) : null}
              <div className={classes.stat}>
                <Text size="xs" c="dimmed">
                  {t('result.timeSpent')}
                </Text>
                <Text fw={800} size="xl" data-testid="time-spent">
                  {formatClock(result.time_spent_seconds)}
                </Text>
              </div>
            </div>
          </Group>
          {result.sections.length > 0 ? (
            <div className={classes.tableWrap} style={{ marginTop: '1.25rem' }}>
              <Table withTableBorder data-testid="section-scores">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('result.section')}</Table.Th>
                    <Table.Th ta="right">{withPartial ? t('result.rawPoints') : t('result.raw')}</Table.Th>
                    {scaled ? <Table.Th ta="right">{t('result.score')}</Table.Th> : null}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {result.sections.map((section) => (
                    <Table.Tr key={section.section} data-pending={section.pending > 0 || undefined}>
                      <Table.Td>
                        {looseT(t)(`skills.${section.section}`, { defaultValue: section.section })}
                      </Table.Td>
                      <Table.Td ta="right">
                        {section.pending > 0 && section.pending === section.max_raw ? (
                          <Badge variant="light" color="blue">
                            {t('result.pendingShort')}
                          </Badge>
                        ) : (
                          <>
                            {formatScore(section.raw)} / {formatScore(section.max_raw)}
                            {section.pending > 0 ? (
                              <Text span size="xs" c="dimmed" display="block">
                                {t('result.sectionPending', { count: section.pending })}
                              </Text>
                            ) : null}
                          </>
                        )}
                      </Table.Td>
                      {scaled ? (
                        <Table.Td ta="right" fw={700}>
                          {section.score === null
                            ? '—'
                            : section.pending > 0
                              ? section.pending === section.max_raw
                                ? '—'
                                : t('result.pendingShort')
                              : `${formatScore(section.score)} / ${formatScore(section.max_score)}`}
                        </Table.Td>
                      ) : null}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </div>
          ) : null}
          {retake ? (
            <Group mt="lg">
              <Button component={Link} to={testPath(result.test.slug)} data-testid="retake">
                {t('result.retake')}
              </Button>
            </Group>
          ) : null}
        </Card>

        <section aria-labelledby="parts-result-title">
          <Title order={sub} size="h3" id="parts-result-title" mb="sm">
            {t('result.byPart')}
          </Title>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: it scrolls sideways on a phone; focusable, a keyboard can scroll it (axe scrollable-region-focusable, WCAG 2.1.1). */}
          <div className={classes.tableWrap} tabIndex={0}>
            <Table striped withTableBorder miw={560} data-testid="part-results">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('detail.part')}</Table.Th>
                  <Table.Th ta="right">{t('outcome.correct')}</Table.Th>
                  <Table.Th ta="right">{t('outcome.wrong')}</Table.Th>
                  <Table.Th ta="right">{t('outcome.skipped')}</Table.Th>
                  <Table.Th ta="right">{t('result.other')}</Table.Th>
                  <Table.Th ta="right">{t('result.total')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {result.parts.map((part) => (
                  <Table.Tr key={part.section_id}>
                    <Table.Td>
                      {localName(part, i18n.language)}
                      <Text size="xs" c="dimmed">
                        {t(`skills.${part.skill}`)}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">{part.correct}</Table.Td>
                    <Table.Td ta="right">{part.wrong}</Table.Td>
                    <Table.Td ta="right">{part.skipped}</Table.Td>
                    <Table.Td ta="right">
                      {part.partial || part.pending
                        ? t('result.otherCounts', { partial: part.partial, pending: part.pending })
                        : '—'}
                    </Table.Td>
                    <Table.Td ta="right">{part.total}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
        </section>

        <ResultBreakdown result={result} headingOrder={sub} />

        {learnerTools}

        {withheldNotice ? (
          <section aria-labelledby="review-title" data-testid="result-review">
            <Title order={sub} size="h3" id="review-title" mb="sm">
              {t('review.title')}
            </Title>
            {withheldNotice}
          </section>
        ) : (
          <section aria-labelledby="review-title" data-testid="result-review">
            <Group justify="space-between" align="flex-end" mb="sm">
              <Title order={sub} size="h3" id="review-title">
                {t('review.title')}
              </Title>
              <Group gap={6} role="group" aria-label={t('review.filter')} data-testid="review-filter">
                {(['all', 'wrong', 'skipped', 'flagged'] as const).map((value) => (
                  <Button
                    key={value}
                    size="compact-sm"
                    radius="xl"
                    variant={filter === value ? 'filled' : 'default'}
                    aria-pressed={filter === value}
                    onClick={() => setFilter(value)}
                  >
                    {`${t(`review.filters.${value}`)} (${count(value)})`}
                  </Button>
                ))}
              </Group>
            </Group>
            {!result.answers_visible ? (
              <Alert variant="light" color="gray" mb="md">
                {t('review.answersHidden')}
              </Alert>
            ) : null}
            <ReviewPalette review={result.review} currentPart={partIndex} />
            {result.review.length > 1 ? (
              <nav aria-label={t('review.parts')} style={{ marginTop: '1rem' }}>
                <ul className={classes.partNav} data-testid="review-parts">
                  {result.review.map((section, index) => {
                    const questions = sectionQuestions(section);
                    const correct = questions.filter((question) => question.outcome === 'correct').length;
                    return (
                      <li key={section.id}>
                        <Link
                          to={{ search: partSearch(location.search, index) }}
                          preventScrollReset
                          className={classes.partLink}
                          aria-current={index === partIndex ? 'page' : undefined}
                          title={localName(section, i18n.language)}
                          data-testid="review-part-link"
                        >
                          {shortPartName(localName(section, i18n.language))}
                          <small>{t('result.correctOf', { correct, total: questions.length })}</small>
                        </Link>
                      </li>
                    );
                  })}
                </ul>
              </nav>
            ) : null}
            {part ? (
              <section
                key={part.id}
                aria-label={localName(part, i18n.language)}
                data-testid="review-part"
                style={{ marginTop: '1.25rem' }}
              >
                <Group justify="space-between" align="center" gap="xs">
                  <Title order={subsub} size="h4" data-testid="review-part-title">
                    {localName(part, i18n.language)}
                  </Title>
                  {explained.length > 0 ? (
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      onClick={() =>
                        setOpenExplanations(allOpen ? new Set() : new Set(explained.map((q) => q.id)))
                      }
                      data-testid="expand-all"
                    >
                      {allOpen ? t('review.collapseAll') : t('review.expandAll')}
                    </Button>
                  ) : null}
                </Group>
                {count(filter) === 0 ? (
                  <Alert variant="light" color="gray" mt="sm" data-testid="review-empty">
                    {t(`review.empty.${filter}`)}
                  </Alert>
                ) : (
                  part.items.map((item) => (
                    <ItemReview
                      key={item.kind === 'question' ? item.question.id : item.group.id}
                      item={item}
                      filter={filter}
                      showAnswers={result.answers_visible}
                      explanations={explanations}
                    />
                  ))
                )}
                {nextPart ? (
                  <Group justify="flex-end" mt="md">
                    <Button
                      component={Link}
                      to={{ search: partSearch(location.search, partIndex + 1), hash: 'review-title' }}
                      variant="light"
                      data-testid="next-part"
                    >
                      {t('review.nextPart', { name: shortPartName(localName(nextPart, i18n.language)) })}
                    </Button>
                  </Group>
                ) : null}
              </section>
            ) : null}
          </section>
        )}
      </Stack>
    </ReviewContext>
  );
}
