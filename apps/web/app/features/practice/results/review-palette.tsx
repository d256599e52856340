import { Group, Text } from '@mantine/core';
import { type AttemptResult, localName } from '@prepwise/contract';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../../lib/i18n-react';
import classes from '../practice.module.css';
import {
  paletteState,
  partSearch,
  questionAnchor,
  sectionQuestions,
  shortPartName,
} from './review-navigation';

/**
 * Every question of the attempt by part, coloured by outcome; a number opens its part at that question.
 * Plain links (`?part=N#question-K`), so they work before the page's script has loaded.
 */
export function ReviewPalette({
  review,
  currentPart,
}: {
  review: AttemptResult['review'];
  currentPart: number;
}) {
  const { t, i18n } = useTranslation('practice');
  const { search } = useLocation();
  const states = new Set(review.flatMap((section) => sectionQuestions(section).map(paletteState)));
  const legend = (['correct', 'wrong', 'skipped', 'pending'] as const).filter((state) => states.has(state));
  return (
    <nav aria-label={t('review.palette')} className={classes.palette} data-testid="review-palette">
      {review.map((section, index) => (
        <div
          key={section.id}
          className={classes.paletteRow}
          data-current={index === currentPart || undefined}
        >
          <Text
            size="xs"
            fw={700}
            c="dimmed"
            className={classes.paletteLabel}
            title={localName(section, i18n.language)}
          >
            {shortPartName(localName(section, i18n.language))}
          </Text>
          <Group gap={4} component="ul" className={classes.paletteNumbers}>
            {sectionQuestions(section).map((question) => {
              const state = paletteState(question);
              return (
                <li key={question.id}>
                  <Link
                    to={{ search: partSearch(search, index), hash: questionAnchor(question.number) }}
                    className={classes.paletteNumber}
                    data-state={state}
                    data-testid="palette-question"
                    data-number={question.number}
                    aria-label={t('review.paletteQuestion', {
                      number: question.number,
                      outcome: t(`outcome.${question.outcome}`),
                    })}
                  >
                    {question.number}
                  </Link>
                </li>
              );
            })}
          </Group>
        </div>
      ))}
      <Group gap="md" mt={6} aria-hidden>
        {legend.map((state) => (
          <Group key={state} gap={4}>
            <span className={classes.paletteSwatch} data-state={state} />
            <Text size="xs" c="dimmed">
              {t(`review.legend.${state}`)}
            </Text>
          </Group>
        ))}
      </Group>
    </nav>
  );
}
