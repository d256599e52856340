import { Group, Stack, Text, Title } from '@mantine/core';
import { localName } from '@prepwise/contract';
import { useTranslation } from '../../lib/i18n-react';
import { isAnswered } from './answers';
import classes from './exam-runner.module.css';
import type { AnswerValue } from './journal-logic';
import type { Slot } from './paper-model';

interface PaletteProps {
  slots: Slot[];
  values: Map<string, AnswerValue>;
  current: number;
  onSelect: (index: number) => void;
  /** The drawer names the palette itself. */
  withTitle?: boolean;
}

/** Every question by part: answered (filled), not answered (outlined), flagged (dot), current (ring). */
export function QuestionPalette({ slots, values, current, onSelect, withTitle = true }: PaletteProps) {
  const { t, i18n } = useTranslation('exam');
  const parts: Array<{ id: string; name: string; slots: Slot[] }> = [];
  for (const slot of slots) {
    const last = parts.at(-1);
    if (last?.id === slot.section.id) last.slots.push(slot);
    else parts.push({ id: slot.section.id, name: localName(slot.section, i18n.language), slots: [slot] });
  }
  return (
    <Stack gap="md" component="nav" aria-label={t('palette.title')} data-testid="question-palette">
      {withTitle ? (
        <Title order={2} size="h5">
          {t('palette.title')}
        </Title>
      ) : null}
      <Group gap="sm" aria-hidden="true">
        <Legend className={classes.cellAnswered} label={t('palette.answered')} />
        <Legend label={t('palette.unanswered')} />
        <Legend className={classes.cellFlagged} label={t('palette.flagged')} />
      </Group>
      {parts.map((part) => (
        <section key={part.id} aria-labelledby={`palette-${part.id}`}>
          <Text id={`palette-${part.id}`} fw={600} size="sm" mb={6}>
            {part.name}
          </Text>
          <div className={classes.paletteGrid}>
            {part.slots.map((slot) => {
              const value = values.get(slot.question.id);
              const answered = isAnswered(value?.answer ?? null);
              const flagged = value?.flagged ?? false;
              const isCurrent = slot.index === current;
              const state = answered ? t('palette.answered') : t('palette.unanswered');
              const className = [
                classes.cell,
                answered ? classes.cellAnswered : '',
                flagged ? classes.cellFlagged : '',
                isCurrent ? classes.cellCurrent : '',
              ].join(' ');
              return (
                <button
                  key={slot.question.id}
                  type="button"
                  className={className}
                  aria-current={isCurrent ? 'step' : undefined}
                  aria-label={
                    flagged
                      ? t('palette.cellFlagged', { number: slot.question.number, state })
                      : t('palette.cell', { number: slot.question.number, state })
                  }
                  data-answered={answered || undefined}
                  data-flagged={flagged || undefined}
                  onClick={() => onSelect(slot.index)}
                >
                  {slot.question.number}
                </button>
              );
            })}
          </div>
        </section>
      ))}
    </Stack>
  );
}

function Legend({ className, label }: { className?: string; label: string }) {
  return (
    <Group gap={4} wrap="nowrap">
      <span className={`${classes.legendSwatch} ${className ?? ''}`} style={{ position: 'relative' }} />
      <Text size="xs">{label}</Text>
    </Group>
  );
}
