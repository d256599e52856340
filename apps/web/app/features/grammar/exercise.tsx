import { Button, Group, Text, VisuallyHidden } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from '../../lib/i18n-react';
import { useStaticPage } from '../../lib/static-page';
import classes from './grammar.module.css';
import type { Question } from './types';

/**
 * Multiple-choice gaps graded the moment an option is chosen: native radio buttons, a few lines
 * of state, no library. `name` keeps the radio groups of several exercises apart. On a static page
 * (lib/static-page.ts) the same markup is graded by the page's inline script.
 */
export function Exercise({ questions, name }: { questions: Question[]; name: string }) {
  if (useStaticPage()) return <StaticExercise questions={questions} name={name} />;
  return <LiveExercise questions={questions} name={name} />;
}

function LiveExercise({ questions, name }: { questions: Question[]; name: string }) {
  const { t } = useTranslation('site');
  const id = useId();
  const [answers, setAnswers] = useState<(number | null)[]>(() => questions.map(() => null));
  const answered = answers.filter((answer) => answer !== null).length;
  const correct = answers.filter((answer, index) => answer === questions[index]?.answer).length;

  return (
    <div className={classes.exercise} data-testid={`exercise-${name}`}>
      <Text size="sm" c="dimmed" mb="sm">
        {t('grammar.exercise.instructions')}
      </Text>
      {questions.map((question, index) => {
        const chosen = answers[index];
        const result = chosen == null ? undefined : chosen === question.answer ? 'correct' : 'wrong';
        return (
          <fieldset key={question.sentence} className={classes.question}>
            <QuestionLegend sentence={question.sentence} index={index} />
            <QuestionOptions
              options={question.options}
              name={`${id}-${name}-${index}`}
              chosen={chosen}
              result={result}
              onChoose={(optionIndex) =>
                setAnswers((previous) => previous.map((value, i) => (i === index ? optionIndex : value)))
              }
            />
            <div className={classes.feedback} data-result={result} aria-live="polite" data-testid="feedback">
              {result === 'correct'
                ? t('grammar.exercise.correct')
                : result === 'wrong'
                  ? t('grammar.exercise.wrong', { answer: question.options[question.answer] })
                  : null}
            </div>
            {result && question.explanation ? (
              <p className={classes.explanation} data-testid="explanation">
                {question.explanation}
              </p>
            ) : null}
          </fieldset>
        );
      })}
      <Group justify="space-between" mt="xs">
        <Text fw={600} aria-live="polite" data-testid="score">
          {answered === questions.length
            ? t('grammar.exercise.done', { correct, total: questions.length })
            : t('grammar.exercise.score', { correct, total: questions.length })}
        </Text>
        {answered > 0 ? (
          <Button variant="subtle" size="compact-sm" onClick={() => setAnswers(questions.map(() => null))}>
            {t('grammar.exercise.reset')}
          </Button>
        ) : null}
      </Group>
    </div>
  );
}

/**
 * The exercise with no React in the browser: a form of plain radios whose keys, feedback texts and score
 * texts are data attributes; STATIC_PAGE_SCRIPT grades a question when it changes, as LiveExercise does,
 * and the form's reset button (shown once something is answered) clears it.
 */
function StaticExercise({ questions, name }: { questions: Question[]; name: string }) {
  const { t } = useTranslation('site');
  const id = useId();
  const total = questions.length;
  return (
    <form
      className={classes.exercise}
      data-testid={`exercise-${name}`}
      data-exercise=""
      data-score={t('grammar.exercise.score', { correct: '{c}', total })}
      data-done={t('grammar.exercise.done', { correct: '{c}', total })}
    >
      <Text size="sm" c="dimmed" mb="sm">
        {t('grammar.exercise.instructions')}
      </Text>
      {questions.map((question, index) => (
        <fieldset
          key={question.sentence}
          className={classes.question}
          data-answer={question.answer}
          data-correct={t('grammar.exercise.correct')}
          data-wrong={t('grammar.exercise.wrong', { answer: question.options[question.answer] })}
        >
          <QuestionLegend sentence={question.sentence} index={index} />
          <QuestionOptions options={question.options} name={`${id}-${name}-${index}`} />
          <div className={classes.feedback} aria-live="polite" data-testid="feedback" />
          {question.explanation ? (
            <p className={classes.explanation} data-testid="explanation" hidden>
              {question.explanation}
            </p>
          ) : null}
        </fieldset>
      ))}
      <Group justify="space-between" mt="xs">
        <Text fw={600} aria-live="polite" data-testid="score">
          {t('grammar.exercise.score', { correct: 0, total })}
        </Text>
        <Button type="reset" variant="subtle" size="compact-sm" data-reset="" hidden>
          {t('grammar.exercise.reset')}
        </Button>
      </Group>
    </form>
  );
}

/** A question's number and sentence, its gap a line on screen and "blank" to a screen reader. */
function QuestionLegend({ sentence, index }: { sentence: string; index: number }) {
  const { t } = useTranslation('site');
  const [before, after] = sentence.split('___');
  return (
    <legend>
      <span>{`${index + 1}. `}</span>
      {before}
      <span aria-hidden="true">____</span>
      <VisuallyHidden>{t('grammar.exercise.blank')}</VisuallyHidden>
      {after}
    </legend>
  );
}

/**
 * A question's options, one radio group called `name`. LiveExercise controls it: `chosen` is checked and
 * its label shows `result`, and `onChoose` is told of a choice. StaticExercise passes neither; the
 * browser keeps the choice and STATIC_PAGE_SCRIPT marks the label.
 */
function QuestionOptions({
  options,
  name,
  chosen,
  result,
  onChoose,
}: {
  options: string[];
  name: string;
  chosen?: number | null;
  result?: 'correct' | 'wrong';
  onChoose?: (option: number) => void;
}) {
  return (
    <div className={classes.options}>
      {options.map((option, optionIndex) => {
        const isChosen = chosen === optionIndex;
        return (
          <label key={option} className={classes.option} data-result={isChosen ? result : undefined}>
            <input
              type="radio"
              name={name}
              value={optionIndex}
              checked={onChoose ? isChosen : undefined}
              onChange={onChoose ? () => onChoose(optionIndex) : undefined}
            />
            {option}
          </label>
        );
      })}
    </div>
  );
}
