import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Radio,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { PaperQuestion } from '@prepwise/contract';
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n-react';
import { chooseOption, countWords, moveItem, TFNG_VALUES, textAnswer } from './answers';
import classes from './exam-runner.module.css';
import type { AnswerPayload } from './journal-logic';
import { SpeakingRecorder } from './speaking-recorder';

/** Rich text stored by the API (sanitized on the server against an allowlist). */
export function Html({ html, inline = false }: { html: string; inline?: boolean }) {
  const className = inline ? `${classes.rich} ${classes.inline}` : classes.rich;
  const Tag = inline ? 'span' : 'div';
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the API sanitizes every stored rich-text field
  return <Tag className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** "A. text" (the letter of its place when the attempt shuffles options); a heard-only option (its text withheld until the review) is its letter alone. */
function OptionLabel({ optionKey, content }: { optionKey: string; content: string }) {
  if (!content) return <strong data-testid="option-letter">{optionKey}</strong>;
  return (
    <span>
      <strong>{optionKey}.</strong> <Html html={content} inline />
    </span>
  );
}

/** A list of options printed once for the questions that share it (IELTS "List of Headings"). */
export function OptionList({ question }: { question: PaperQuestion }) {
  const { t } = useTranslation('exam');
  const roman = question.options.every((option) => /^[ivxl]+$/i.test(option.key));
  const title = roman ? t('answer.headingList') : t('answer.optionList');
  return (
    <section className={classes.optionList} aria-label={title} data-testid="option-list">
      <Text fw={700} size="sm" mb={6}>
        {title}
      </Text>
      <dl>
        {question.options.map((option) => (
          <div key={option.key} className={classes.optionListRow}>
            <dt>{option.key}</dt>
            <dd>
              <Html html={option.content} inline />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

interface AnswerInputProps {
  question: PaperQuestion;
  answer: AnswerPayload;
  onChange: (answer: AnswerPayload) => void;
  /** Accessible name of the question, e.g. "Question 12". */
  label: string;
  /** The options are a list printed once above (matching): choices show their keys only. */
  sharedOptions?: boolean;
}

/** The input of one of the eight answer kinds. */
export function AnswerInput({ question, answer, onChange, label, sharedOptions = false }: AnswerInputProps) {
  const { t } = useTranslation('exam');
  const kind = question.answer_kind;
  const name = `answer-${question.id}`;

  switch (kind) {
    case 'single_choice':
      return (
        <Radio.Group
          name={name}
          label={<span className={classes.visuallyHidden}>{label}</span>}
          value={typeof answer?.key === 'string' ? answer.key : null}
          onChange={(key) => onChange(chooseOption(kind, answer, key))}
        >
          <Stack gap={8}>
            {question.options.map((option) => (
              <Radio
                key={option.key}
                value={option.key}
                label={<OptionLabel optionKey={option.label ?? option.key} content={option.content} />}
              />
            ))}
          </Stack>
        </Radio.Group>
      );
    case 'multiple_choice': {
      const keys = Array.isArray(answer?.keys) ? (answer.keys as string[]) : [];
      return (
        <Checkbox.Group
          label={<span className={classes.visuallyHidden}>{label}</span>}
          description={t('answer.multipleHint')}
          value={keys}
          onChange={(next) => onChange(next.length > 0 ? { keys: [...next].sort() } : null)}
        >
          <Stack gap={8}>
            {question.options.map((option) => (
              <Checkbox
                key={option.key}
                value={option.key}
                label={<OptionLabel optionKey={option.label ?? option.key} content={option.content} />}
              />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    }
    case 'true_false_not_given':
      return (
        <Radio.Group
          name={name}
          label={<span className={classes.visuallyHidden}>{label}</span>}
          value={typeof answer?.value === 'string' ? answer.value : null}
          onChange={(value) => onChange(chooseOption(kind, answer, value))}
        >
          <Stack gap={8}>
            {TFNG_VALUES.map((value) => (
              <Radio key={value} value={value} label={t(`answer.tfng.${value}`)} />
            ))}
          </Stack>
        </Radio.Group>
      );
    case 'gap_fill':
    case 'short_answer':
      return (
        <TextInput
          label={t('answer.yourAnswer')}
          aria-label={`${label}: ${t('answer.yourAnswer')}`}
          placeholder={t('answer.typeAnswer')}
          value={typeof answer?.text === 'string' ? answer.text : ''}
          onChange={(event) => onChange(textAnswer(event.currentTarget.value))}
          maxLength={500}
          maw={420}
          autoComplete="off"
          spellCheck={false}
        />
      );
    case 'matching': {
      const pairs = (answer?.pairs ?? {}) as Record<string, string>;
      const data = [
        { value: '', label: t('answer.matchingNone') },
        ...question.options.map((option) => ({
          value: option.key,
          label: sharedOptions ? option.key : `${option.key}. ${plain(option.content)}`,
        })),
      ];
      const stem = plain(question.stem).trim();
      return (
        <Stack gap="xs">
          {question.items.map((item) => (
            <NativeSelect
              key={item.key}
              // One item that repeats the stem ("Paragraph B") is named by the stem printed above it.
              label={
                question.items.length === 1 && stem.endsWith(plain(item.content).trim())
                  ? undefined
                  : `${item.key}. ${plain(item.content)}`
              }
              aria-label={`${label}: ${plain(item.content)}`}
              data={data}
              value={pairs[item.key] ?? ''}
              maw={520}
              onChange={(event) => {
                const next = { ...pairs, [item.key]: event.currentTarget.value };
                if (!next[item.key]) delete next[item.key];
                onChange(Object.keys(next).length > 0 ? { pairs: next } : null);
              }}
            />
          ))}
        </Stack>
      );
    }
    case 'ordering':
      return <OrderingInput question={question} answer={answer} onChange={onChange} label={label} />;
    case 'essay': {
      const text = typeof answer?.text === 'string' ? answer.text : '';
      const countId = `${name}-words`;
      return (
        <Stack gap={4}>
          <Textarea
            label={t('answer.essayLabel')}
            aria-label={`${label}: ${t('answer.essayLabel')}`}
            aria-describedby={countId}
            autosize
            minRows={10}
            maxLength={20_000}
            // As in the computer-delivered exam, the browser does not mark spelling (issue 28).
            spellCheck={false}
            value={text}
            onChange={(event) => onChange(textAnswer(event.currentTarget.value))}
          />
          <Text
            id={countId}
            size="sm"
            c={question.min_words && countWords(text) < question.min_words ? 'orange.8' : 'dimmed'}
            ta="right"
            data-testid="essay-word-count"
          >
            {question.min_words
              ? t('answer.wordsOfMinimum', { count: countWords(text), minimum: question.min_words })
              : t('answer.words', { count: countWords(text) })}
          </Text>
        </Stack>
      );
    }
    case 'speaking':
      return <SpeakingRecorder question={question} label={label} />;
  }
}

function plain(html: string): string {
  if (!/[<&]/.test(html)) return html;
  if (typeof DOMParser === 'undefined') return html.replace(/<[^>]*>/g, '');
  return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
}

function ArrowIcon({ up }: { up: boolean }) {
  return (
    <svg
      width={16}
      height={16}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      aria-hidden="true"
    >
      <path d={up ? 'M12 19V5M5 12l7-7 7 7' : 'M12 5v14M5 12l7 7 7-7'} />
    </svg>
  );
}

function OrderingInput({ question, answer, onChange, label }: AnswerInputProps) {
  const { t } = useTranslation('exam');
  const [announcement, setAnnouncement] = useState('');
  const given = Array.isArray(answer?.order) ? (answer.order as string[]) : null;
  const order = given ?? question.items.map((item) => item.key);
  const byKey = new Map(question.items.map((item) => [item.key, item]));
  const move = (index: number, direction: -1 | 1) => {
    const next = moveItem(order, index, direction);
    onChange({ order: next });
    const key = order[index]!;
    setAnnouncement(
      t('answer.moved', { item: plain(byKey.get(key)?.content ?? key), position: index + direction + 1 }),
    );
  };
  return (
    <Stack gap="xs" role="group" aria-label={label}>
      <Text size="sm" c="dimmed">
        {t('answer.orderingHint')}
      </Text>
      <Stack component="ol" gap={6} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {order.map((key, index) => {
          const content = plain(byKey.get(key)?.content ?? key);
          return (
            <li key={key} className={classes.orderItem}>
              <Text fw={600} size="sm" w={24} ta="right" aria-hidden="true">
                {index + 1}.
              </Text>
              <Text size="sm" style={{ flex: 1 }}>
                {content}
              </Text>
              <Group gap={4} wrap="nowrap">
                <ActionIcon
                  variant="default"
                  aria-label={t('answer.moveUp', { item: content })}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  <ArrowIcon up />
                </ActionIcon>
                <ActionIcon
                  variant="default"
                  aria-label={t('answer.moveDown', { item: content })}
                  disabled={index === order.length - 1}
                  onClick={() => move(index, 1)}
                >
                  <ArrowIcon up={false} />
                </ActionIcon>
              </Group>
            </li>
          );
        })}
      </Stack>
      {given ? null : (
        <Button variant="light" size="compact-sm" w="fit-content" onClick={() => onChange({ order })}>
          {t('answer.keepOrder')}
        </Button>
      )}
      <div aria-live="polite" className={classes.visuallyHidden}>
        {announcement}
      </div>
    </Stack>
  );
}
