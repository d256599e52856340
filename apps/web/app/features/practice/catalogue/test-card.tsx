import { Badge, Group } from '@mantine/core';
import { type CatalogueItem, localName, localTitle } from '@prepwise/contract';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n-react';
import { testPath } from '../format';
import classes from '../practice.module.css';

/** Free or in a pack; filled dark colours keep the small label readable (WCAG AA contrast). */
export function AccessBadge({ access, size }: { access: CatalogueItem['access']; size?: 'sm' | 'md' }) {
  const { t } = useTranslation('practice');
  return (
    <Badge variant="filled" size={size} color={access === 'free' ? 'teal.9' : 'grape.9'}>
      {t(`access.${access}`)}
    </Badge>
  );
}

/** A published test in the catalogue: exam, level, access, parts, questions, duration, attempts (once any). */
export function TestCard({ test, headingLevel = 2 }: { test: CatalogueItem; headingLevel?: 2 | 3 }) {
  const { t, i18n } = useTranslation('practice');
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <Link to={testPath(test.slug)} className={classes.card} data-testid="test-card">
      <Group gap={6}>
        <Badge variant="light" size="sm">
          {localName(test.exam, i18n.language)}
        </Badge>
        {test.level ? (
          <Badge variant="outline" size="sm" color="gray">
            {localName(test.level, i18n.language)}
          </Badge>
        ) : null}
        <AccessBadge access={test.access} size="sm" />
      </Group>
      <Heading className={classes.cardTitle}>{localTitle(test, i18n.language)}</Heading>
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
        {/* Until someone has taken the test, a count of 0 says nothing: it is left out. */}
        {test.attempt_count > 0 ? (
          <div>
            <dt>{t('card.attempts')}</dt>
            <dd>{test.attempt_count}</dd>
          </div>
        ) : null}
      </dl>
    </Link>
  );
}
