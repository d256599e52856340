import {
  Badge,
  Checkbox,
  Image,
  Paper,
  Radio,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import type { AnswerKind } from '@prepwise/contract';
import { useTranslation } from '../../lib/i18n-react';
import { plainText, type QuestionDraft } from './draft';

/** Stored rich text is sanitized on the server; plain text keeps its line breaks. */
export function RichText({ value }: { value: string }) {
  if (/<[a-z][\s\S]*>/i.test(value)) {
    // biome-ignore lint/security/noDangerouslySetInnerHtml: the API sanitizes rich text against an allowlist
    return <div className="rich-text" dangerouslySetInnerHTML={{ __html: value }} />;
  }
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
      {value}
    </Text>
  );
}

/** The question as a learner sees it in the test runner (nothing is marked as correct). */
export function QuestionPreview({
  draft,
  kind,
  number = 1,
  shared,
}: {
  draft: QuestionDraft;
  kind: AnswerKind | undefined;
  number?: number;
  shared?: { title?: string; passage?: string; audioUrl?: string; imageUrl?: string };
}) {
  const { t } = useTranslation('content');
  const options = draft.options.filter((option) => option.content.trim() || kind === 'single_choice');
  const name = `preview-${number}`;
  return (
    <Paper withBorder radius="md" p="md" data-testid="question-preview">
      <Stack gap="sm">
        <Badge variant="light" color="gray" radius="sm" w="fit-content">
          {t('editor.previewBadge')}
        </Badge>
        {shared?.title ? <Title order={4}>{shared.title}</Title> : null}
        {shared?.audioUrl ? (
          // biome-ignore lint/a11y/useMediaCaption: preview of the learner's player
          <audio controls src={shared.audioUrl} preload="none" style={{ width: '100%' }} />
        ) : null}
        {shared?.imageUrl ? <Image src={shared.imageUrl} alt="" mah={220} fit="contain" /> : null}
        {shared?.passage ? (
          <Paper withBorder p="sm" radius="sm" bg="var(--mantine-color-default-hover)">
            <RichText value={shared.passage} />
          </Paper>
        ) : null}
        {draft.audio ? (
          // biome-ignore lint/a11y/useMediaCaption: preview of the learner's player
          <audio controls src={draft.audio.url} preload="none" style={{ width: '100%' }} />
        ) : null}
        {draft.image ? <Image src={draft.image.url} alt="" mah={220} fit="contain" /> : null}
        <Text fw={600} size="sm">
          {t('editor.questionNumber', { number })}
        </Text>
        {plainText(draft.stem) ? (
          <RichText value={draft.stem} />
        ) : (
          <Text c="dimmed" size="sm">
            {t('editor.noStem')}
          </Text>
        )}
        {kind === 'single_choice' ? (
          <Radio.Group name={name}>
            <Stack gap={6}>
              {options.map((option) => (
                <Radio key={option.key} value={option.key} label={`${option.key}. ${option.content}`} />
              ))}
            </Stack>
          </Radio.Group>
        ) : null}
        {kind === 'multiple_choice' ? (
          <Stack gap={6}>
            {options.map((option) => (
              <Checkbox key={option.key} label={`${option.key}. ${option.content}`} />
            ))}
          </Stack>
        ) : null}
        {kind === 'true_false_not_given' ? (
          <Radio.Group name={name}>
            <Stack gap={6}>
              {(['true', 'false', 'not_given'] as const).map((value) => (
                <Radio key={value} value={value} label={t(`editor.tfng.${value}`)} />
              ))}
            </Stack>
          </Radio.Group>
        ) : null}
        {kind === 'gap_fill' || kind === 'short_answer' ? (
          <TextInput placeholder={t('editor.typeAnswer')} aria-label={t('editor.typeAnswer')} maw={320} />
        ) : null}
        {kind === 'matching' ? (
          <Stack gap={6}>
            {draft.items.map((item) => (
              <Select
                key={item.key}
                label={`${item.key}. ${item.content}`}
                data={options.map((option) => ({
                  value: option.key,
                  label: `${option.key}. ${option.content}`,
                }))}
                maw={420}
              />
            ))}
          </Stack>
        ) : null}
        {kind === 'ordering' ? (
          <Stack gap={4}>
            <Text size="xs" c="dimmed">
              {t('editor.orderingHint')}
            </Text>
            {options.map((option) => (
              <Paper key={option.key} withBorder p={6} radius="sm">
                <Text size="sm">
                  {option.key}. {option.content}
                </Text>
              </Paper>
            ))}
          </Stack>
        ) : null}
        {kind === 'essay' ? <Textarea minRows={4} autosize placeholder={t('editor.typeAnswer')} /> : null}
      </Stack>
    </Paper>
  );
}
