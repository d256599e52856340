import { Button, Group, Text, VisuallyHidden } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from '../../lib/i18n-react';
import classes from './grammar.module.css';
import type { Question } from './types';

/**
 * Multiple-choice gaps graded the moment an option is chosen: native radio buttons, a few lines
 * of state, no library. `name` keeps the radio groups of several exercises apart.
 */
export function Exercise({ questions, name }: { questions: Question[]; name: string }) {
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
