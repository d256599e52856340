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
        const [before, after] = question.sentence.split('___');
        return (
          <fieldset key={question.sentence} className={classes.question}>
            <legend>
              <span>{`${index + 1}. `}</span>
              {before}
              <span aria-hidden="true">____</span>
              <VisuallyHidden>{t('grammar.exercise.blank')}</VisuallyHidden>
              {after}
            </legend>
            <div className={classes.options}>
              {question.options.map((option, optionIndex) => {
                const isChosen = chosen === optionIndex;
                return (
                  <label key={option} className={classes.option} data-result={isChosen ? result : undefined}>
                    <input
                      type="radio"
                      name={`${id}-${name}-${index}`}
                      value={optionIndex}
                      checked={isChosen}
                      onChange={() =>
                        setAnswers((previous) =>
                          previous.map((value, i) => (i === index ? optionIndex : value)),
                        )
                      }
                    />
                    {option}
                  </label>
                );
              })}
            </div>
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
      {questions.map((question, index) => {
        const [before, after] = question.sentence.split('___');
        return (
          <fieldset
            key={question.sentence}
            className={classes.question}
            data-answer={question.answer}
            data-correct={t('grammar.exercise.correct')}
            data-wrong={t('grammar.exercise.wrong', { answer: question.options[question.answer] })}
          >
            <legend>
              <span>{`${index + 1}. `}</span>
              {before}
              <span aria-hidden="true">____</span>
              <VisuallyHidden>{t('grammar.exercise.blank')}</VisuallyHidden>
              {after}
            </legend>
            <div className={classes.options}>
              {question.options.map((option, optionIndex) => (
                <label key={option} className={classes.option}>
                  <input type="radio" name={`${id}-${name}-${index}`} value={optionIndex} />
                  {option}
                </label>
              ))}
            </div>
            <div className={classes.feedback} aria-live="polite" data-testid="feedback" />
            {question.explanation ? (
              <p className={classes.explanation} data-testid="explanation" hidden>
                {question.explanation}
              </p>
            ) : null}
          </fieldset>
        );
      })}
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
