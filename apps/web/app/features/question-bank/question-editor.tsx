import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { type AnswerKind, BAND_WEIGHT, type QuestionType, RUBRIC_IDS } from '@prepwise/contract';
import { PlusIcon } from '../../components/icons';
import { looseT } from '../../lib/i18n';
import { useTranslation } from '../../lib/i18n-react';
import { useLevelOptions } from '../exam-structure';
import { RichTextEditor } from '../pages';
import { defaultAnswer, letter, OPTION_KINDS, type OptionDraft, type QuestionDraft } from './draft';
import { MediaFields } from './media-field';

type Errors = Record<string, string | undefined>;

/**
 * Rich-text fields of a draft, one under the other: each field of `labels` (a key of `content`) edited
 * in place, with its error.
 */
export function RichTextFields<D extends object>({
  draft,
  onChange,
  errors,
  labels,
}: {
  draft: D;
  onChange: (patch: Partial<D>) => void;
  errors: Errors;
  labels: Partial<Record<keyof D & string, string>>;
}) {
  const t = looseT(useTranslation('content').t);
  return Object.entries(labels).map(([field, label]) => (
    <RichTextEditor
      key={field}
      label={t(label as string)}
      value={String(draft[field as keyof D] ?? '')}
      onChange={(html) => onChange({ [field]: html } as Partial<D>)}
      error={errors[field]}
    />
  ));
}

const EXPLANATIONS = { explanation_vi: 'fields.explanationVi', explanation_en: 'fields.explanationEn' };

function OptionRows({
  label,
  rows,
  onChange,
  keyOf,
  error,
  testId,
}: {
  label: string;
  rows: OptionDraft[];
  onChange: (rows: OptionDraft[]) => void;
  keyOf: (index: number) => string;
  error?: string;
  testId: string;
}) {
  const { t } = useTranslation('content');
  return (
    <Stack gap={6} data-testid={testId}>
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Button
          variant="light"
          size="compact-xs"
          leftSection={<PlusIcon size={12} />}
          onClick={() => onChange([...rows, { key: keyOf(rows.length), content: '' }])}
          disabled={rows.length >= 12}
        >
          {t('editor.addRow')}
        </Button>
      </Group>
      {rows.map((row, index) => (
        <Group key={row.key} gap={6} wrap="nowrap">
          <Text fw={600} w={24} ta="center">
            {row.key}
          </Text>
          <TextInput
            style={{ flex: 1 }}
            aria-label={`${label} ${row.key}`}
            value={row.content}
            onChange={(event) => {
              const next = [...rows];
              next[index] = { ...row, content: event.currentTarget.value };
              onChange(next);
            }}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('editor.removeRow', { key: row.key })}
            onClick={() =>
              onChange(rows.filter((_, i) => i !== index).map((item, i) => ({ ...item, key: keyOf(i) })))
            }
          >
            ×
          </ActionIcon>
        </Group>
      ))}
      {error ? (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}

/** Whether answers marked on this rubric make an IELTS skill band, where each may weigh more (issue 28). */
const isIeltsRubric = (rubric: unknown) => typeof rubric === 'string' && rubric.startsWith('ielts_');

/**
 * How much the answer's band counts in its skill's band, 1–3 (IELTS Writing Task 2: 2); empty is 1, the
 * default, and leaves the field out.
 */
function BandWeightInput({
  answer,
  onChange,
  error,
}: {
  answer: Record<string, unknown>;
  onChange: (band_weight: number | undefined) => void;
  error?: string;
}) {
  const { t } = useTranslation('content');
  return (
    <NumberInput
      label={t('editor.bandWeight')}
      description={t('editor.bandWeightHint')}
      min={BAND_WEIGHT.min}
      max={BAND_WEIGHT.max}
      allowDecimal={false}
      placeholder={String(BAND_WEIGHT.default)}
      value={typeof answer.band_weight === 'number' ? answer.band_weight : ''}
      onChange={(value) => onChange(typeof value === 'number' ? value : undefined)}
      error={error}
      data-testid="band-weight"
    />
  );
}

/** A speaking question's settings: preparation and speaking time, how the prompt is given, a cue card. */
function SpeakingEditor({
  answer,
  onAnswer,
  errors,
}: {
  answer: Record<string, unknown>;
  onAnswer: (answer: Record<string, unknown>) => void;
  errors: Errors;
}) {
  const { t } = useTranslation('content');
  const set = (patch: Record<string, unknown>) => onAnswer({ ...answer, ...patch });
  return (
    <Stack gap="sm" data-testid="speaking-editor">
      <Group grow align="flex-start">
        <NumberInput
          label={t('editor.preparationSeconds')}
          min={0}
          max={600}
          allowDecimal={false}
          value={Number(answer.preparation_seconds ?? 0)}
          onChange={(value) => set({ preparation_seconds: Number(value) || 0 })}
          error={errors['answer.preparation_seconds']}
        />
        <NumberInput
          label={t('editor.speakingSeconds')}
          min={5}
          max={600}
          allowDecimal={false}
          value={Number(answer.speaking_seconds ?? 60)}
          onChange={(value) => set({ speaking_seconds: Number(value) || 0 })}
          error={errors['answer.speaking_seconds']}
        />
      </Group>
      <Radio.Group
        label={t('editor.promptMode')}
        value={String(answer.prompt_mode ?? 'text')}
        onChange={(prompt_mode) => set({ prompt_mode })}
        error={errors['answer.prompt_mode']}
      >
        <Group gap="md" mt={4}>
          <Radio value="text" label={t('editor.promptText')} />
          <Radio value="audio" label={t('editor.promptAudio')} />
        </Group>
      </Radio.Group>
      <Textarea
        label={t('editor.cueCard')}
        description={t('editor.cueCardHint')}
        autosize
        minRows={3}
        maxLength={2000}
        value={String(answer.cue_card ?? '')}
        onChange={(event) => set({ cue_card: event.currentTarget.value })}
        error={errors['answer.cue_card']}
      />
      {isIeltsRubric(answer.rubric) ? (
        <BandWeightInput
          answer={answer}
          onChange={(band_weight) => {
            const next: Record<string, unknown> = { ...answer, band_weight };
            if (band_weight === undefined) delete next.band_weight;
            onAnswer(next);
          }}
          error={errors['answer.band_weight']}
        />
      ) : null}
    </Stack>
  );
}

function AnswerEditor({
  kind,
  draft,
  onAnswer,
  error,
  fieldErrors = {},
}: {
  kind: AnswerKind;
  draft: QuestionDraft;
  onAnswer: (answer: Record<string, unknown>) => void;
  error?: string;
  /** Errors of the answer's own fields (`answer.speaking_seconds` …), for kinds whose answer is a form. */
  fieldErrors?: Errors;
}) {
  const { t } = useTranslation('content');
  const answer = draft.answer ?? {};
  const optionData = draft.options.map((option) => ({
    value: option.key,
    label: option.content ? `${option.key}. ${option.content}` : option.key,
  }));
  let editor: React.ReactNode = null;
  // Kept when the key changes: the options stay in the author's order when an assignment shuffles them.
  const keepOrder = answer.keep_order === true ? { keep_order: true } : {};
  const keepOrderBox = (
    <Checkbox
      mt="xs"
      label={t('editor.keepOrder')}
      description={t('editor.keepOrderHint')}
      checked={answer.keep_order === true}
      onChange={(event) => {
        const { keep_order: _dropped, ...rest } = answer;
        onAnswer(event.currentTarget.checked ? { ...rest, keep_order: true } : rest);
      }}
      data-testid="keep-option-order"
    />
  );
  if (kind === 'single_choice') {
    editor = (
      <Radio.Group
        value={String(answer.key ?? '')}
        onChange={(key) => onAnswer({ key, ...keepOrder })}
        label={t('editor.correct')}
      >
        <Group gap="md" mt={4}>
          {draft.options.map((option) => (
            <Radio key={option.key} value={option.key} label={option.key} />
          ))}
        </Group>
      </Radio.Group>
    );
  } else if (kind === 'multiple_choice') {
    editor = (
      <Checkbox.Group
        value={(answer.keys as string[] | undefined) ?? []}
        onChange={(keys) => onAnswer({ keys, ...keepOrder })}
        label={t('editor.correctMany')}
      >
        <Group gap="md" mt={4}>
          {draft.options.map((option) => (
            <Checkbox key={option.key} value={option.key} label={option.key} />
          ))}
        </Group>
      </Checkbox.Group>
    );
  } else if (kind === 'true_false_not_given') {
    editor = (
      <Select
        label={t('editor.correct')}
        data={(['true', 'false', 'not_given'] as const).map((value) => ({
          value,
          label: t(`editor.tfng.${value}`),
        }))}
        value={(answer.value as string) || null}
        onChange={(value) => onAnswer({ value: value ?? '' })}
        maw={260}
      />
    );
  } else if (kind === 'gap_fill' || kind === 'short_answer') {
    editor = (
      <TagsInput
        label={t('editor.accepted')}
        description={t('editor.acceptedHint')}
        value={(answer.accepted as string[] | undefined) ?? []}
        onChange={(accepted) => onAnswer({ accepted })}
        splitChars={[';', '|']}
      />
    );
  } else if (kind === 'matching') {
    const pairs = (answer.pairs as Record<string, string> | undefined) ?? {};
    editor = (
      <Stack gap={6}>
        <Text size="sm" fw={500}>
          {t('editor.pairs')}
        </Text>
        {draft.items.map((item) => (
          <Select
            key={item.key}
            label={`${item.key}. ${item.content}`}
            data={optionData}
            value={pairs[item.key] ?? null}
            onChange={(value) => {
              const next = { ...pairs };
              if (value) next[item.key] = value;
              else delete next[item.key];
              onAnswer({ pairs: next });
            }}
            maw={420}
          />
        ))}
      </Stack>
    );
  } else if (kind === 'ordering') {
    const keys = draft.options.map((option) => option.key);
    const stored = ((answer.order as string[] | undefined) ?? []).filter((key) => keys.includes(key));
    const order = [...stored, ...keys.filter((key) => !stored.includes(key))];
    const move = (index: number, by: number) => {
      const next = [...order];
      const [moved] = next.splice(index, 1);
      if (moved) next.splice(index + by, 0, moved);
      onAnswer({ order: next });
    };
    editor = (
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t('editor.correctOrder')}
        </Text>
        {order.map((key, index) => (
          <Group key={key} gap={6} wrap="nowrap">
            <Text w={24} c="dimmed">
              {index + 1}.
            </Text>
            <Text style={{ flex: 1 }} size="sm">
              {key}. {draft.options.find((option) => option.key === key)?.content}
            </Text>
            <ActionIcon
              variant="subtle"
              disabled={index === 0}
              onClick={() => move(index, -1)}
              aria-label={t('editor.up')}
            >
              ↑
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              disabled={index === order.length - 1}
              onClick={() => move(index, 1)}
              aria-label={t('editor.down')}
            >
              ↓
            </ActionIcon>
          </Group>
        ))}
      </Stack>
    );
  } else if (kind === 'speaking') {
    editor = <SpeakingEditor answer={answer} onAnswer={onAnswer} errors={fieldErrors} />;
  } else if (kind === 'essay') {
    // The rubric the essay is marked on, the minimum word count the runner shows and, on an IELTS rubric,
    // how much its band counts in the Writing band (issue 28).
    const essay = (changes: Record<string, unknown>) => {
      const next: Record<string, unknown> = { ...answer, ...changes };
      for (const key of Object.keys(next)) if (next[key] === undefined || next[key] === '') delete next[key];
      onAnswer(next);
    };
    editor = (
      <Stack gap="xs">
        <Textarea
          label={t('editor.guidance')}
          description={t('editor.guidanceHint')}
          autosize
          minRows={2}
          value={String(answer.guidance ?? '')}
          onChange={(event) => essay({ guidance: event.currentTarget.value })}
          error={fieldErrors['answer.guidance']}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label={t('editor.rubric')}
            data={RUBRIC_IDS.map((value) => ({ value, label: t(`editor.rubrics.${value}`) }))}
            value={typeof answer.rubric === 'string' ? answer.rubric : 'generic'}
            allowDeselect={false}
            onChange={(value) =>
              essay({
                rubric: value ?? undefined,
                // Only an IELTS skill band weighs its answers.
                band_weight: isIeltsRubric(value) ? answer.band_weight : undefined,
              })
            }
            error={fieldErrors['answer.rubric']}
          />
          <NumberInput
            label={t('editor.minWords')}
            description={t('editor.minWordsHint')}
            min={1}
            max={5000}
            allowDecimal={false}
            value={typeof answer.min_words === 'number' ? answer.min_words : ''}
            onChange={(value) => essay({ min_words: typeof value === 'number' ? value : undefined })}
            error={fieldErrors['answer.min_words']}
          />
          {isIeltsRubric(answer.rubric) ? (
            <BandWeightInput
              answer={answer}
              onChange={(band_weight) => essay({ band_weight })}
              error={fieldErrors['answer.band_weight']}
            />
          ) : null}
        </SimpleGrid>
      </Stack>
    );
  }
  return (
    <Stack gap={4} data-testid="answer-editor">
      {editor}
      {kind === 'single_choice' || kind === 'multiple_choice' ? keepOrderBox : null}
      {error ? (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * One question: type (limited to the part's allowed types), level, stem, options/items, the answer
 * editor of its kind, explanations, tags, source and media. `errors` are translated texts keyed by
 * field (`stem`, `options`, `answer` …).
 */
export function QuestionEditor({
  draft,
  onChange,
  types,
  errors = {},
  compact = false,
}: {
  draft: QuestionDraft;
  onChange: (draft: QuestionDraft) => void;
  types: QuestionType[];
  errors?: Errors;
  /** Inside a group: no tags, source or media of its own. */
  compact?: boolean;
}) {
  const { t } = useTranslation('content');
  const levels = useLevelOptions();
  const kind = types.find((type) => type.id === draft.question_type_id)?.answer_kind;
  const set = (patch: Partial<QuestionDraft>) => onChange({ ...draft, ...patch });
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select
          label={t('fields.questionType')}
          withAsterisk
          data={types.map((type) => ({
            value: type.id,
            label: `${type.name} (${t(`answerKinds.${type.answer_kind}`)})`,
          }))}
          value={draft.question_type_id}
          onChange={(value) => {
            const next = { ...draft, question_type_id: value };
            const nextKind = types.find((type) => type.id === value)?.answer_kind;
            if (nextKind === 'matching' && next.items.length === 0)
              next.items = [1, 2].map((n) => ({ key: String(n), content: '' }));
            next.answer = defaultAnswer(nextKind, next);
            onChange(next);
          }}
          error={errors.question_type_id}
          allowDeselect={false}
          nothingFoundMessage={t('editor.noTypes')}
        />
        <Select
          label={t('fields.level')}
          data={(levels.data?.items ?? []).map((level) => ({
            value: level.id,
            label: `${level.code} · ${level.name}`,
          }))}
          value={draft.level_id}
          onChange={(value) => set({ level_id: value })}
          clearable
          error={errors.level_id}
        />
      </SimpleGrid>
      <Stack gap={4}>
        <RichTextEditor
          label={t('fields.stem')}
          required
          value={draft.stem}
          onChange={(stem) => set({ stem })}
          error={errors.stem}
        />
        <Text size="xs" c="dimmed">
          {t('editor.stemHint')}
        </Text>
      </Stack>
      {kind && OPTION_KINDS.includes(kind) ? (
        <OptionRows
          label={t('fields.options')}
          rows={draft.options}
          onChange={(options) => set({ options })}
          keyOf={letter}
          error={errors.options}
          testId="options-editor"
        />
      ) : null}
      {kind === 'matching' ? (
        <OptionRows
          label={t('fields.items')}
          rows={draft.items}
          onChange={(items) => set({ items })}
          keyOf={(index) => String(index + 1)}
          error={errors.items}
          testId="items-editor"
        />
      ) : null}
      {kind ? (
        <AnswerEditor
          kind={kind}
          draft={draft}
          onAnswer={(answer) => set({ answer })}
          error={errors.answer}
          fieldErrors={errors}
        />
      ) : (
        <Text size="sm" c="dimmed">
          {t('editor.chooseType')}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
        <RichTextFields draft={draft} onChange={set} errors={errors} labels={EXPLANATIONS} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TagsInput
          label={t('fields.tags')}
          value={draft.tags}
          onChange={(tags) => set({ tags })}
          maxTags={20}
          error={errors.tags}
        />
        {compact ? null : (
          <TextInput
            label={t('fields.sourceNote')}
            value={draft.source_note}
            onChange={(event) => set({ source_note: event.currentTarget.value })}
            error={errors.source_note}
          />
        )}
      </SimpleGrid>
      <MediaFields value={draft} onChange={set} errors={errors} />
    </Stack>
  );
}
