import { Badge, Group } from '@mantine/core';
import type { CatalogueItem } from '@prepwise/contract';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n-react';
import { testPath } from './format';
import classes from './practice.module.css';

/** Free or in a pack; filled dark colours keep the small label readable (WCAG AA contrast). */
export function AccessBadge({ access, size }: { access: CatalogueItem['access']; size?: 'sm' | 'md' }) {
  const { t } = useTranslation('practice');
  return (
    <Badge variant="filled" size={size} color={access === 'free' ? 'teal.9' : 'grape.9'}>
      {t(`access.${access}`)}
    </Badge>
  );
}

/** A published test in the catalogue: exam, level, access, parts, questions, duration, attempts. */
export function TestCard({ test, headingLevel = 2 }: { test: CatalogueItem; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation('practice');
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <Link to={testPath(test.slug)} className={classes.card} data-testid="test-card">
      <Group gap={6}>
        <Badge variant="light" size="sm">
          {test.exam.name}
        </Badge>
        {test.level ? (
          <Badge variant="outline" size="sm" color="gray">
            {test.level.name}
          </Badge>
        ) : null}
        <AccessBadge access={test.access} size="sm" />
      </Group>
      <Heading className={classes.cardTitle}>{test.title}</Heading>
      <dl className={classes.facts}>
        <div>
          <dt>{t('card.duration')}</dt>
          <dd>{t('common.minutes', { count: test.duration_minutes })}</dd>
        </div>
        <div>
          <dt>{t('card.parts')}</dt>
          <dd>{test.part_count}</dd>
        </div>
        <div>
          <dt>{t('card.questions')}</dt>
          <dd>{test.question_count}</dd>
        </div>
        <div>
          <dt>{t('card.attempts')}</dt>
          <dd>{test.attempt_count}</dd>
        </div>
      </dl>
    </Link>
  );
}
