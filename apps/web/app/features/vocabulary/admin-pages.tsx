import {
  Badge,
  Button,
  Card,
  Checkbox,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  CEFR_LEVELS,
  type CefrLevel,
  type Media,
  VOCABULARY_EXAMS,
  type VocabularyExam,
  type VocabularyTopic,
  type VocabularyWord,
} from '@prepwise/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { QueryState, RowActions } from '../../components/admin-ui';
import { useListState } from '../../components/back-office/data-list';
import { RecordForm } from '../../components/back-office/form-page';
import { fromSm, ListPage } from '../../components/back-office/list-page';
import { useBackOfficeScope } from '../../components/back-office/scope';
import { PageHeader } from '../../components/page-header';
import { PermissionGate } from '../../components/permission-gate';
import { oneOf } from '../../lib/admin-query';
import { useAppForm, valuesFrom } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n-react';
import { MediaField } from '../question-bank';
import {
  useDeleteTopic,
  useDeleteWord,
  useSaveTopic,
  useSaveWord,
  useTopic,
  useTopicList,
  useTopicOptions,
  useWord,
  useWordFileUrl,
  useWordList,
} from './admin-api';
import { WordHelp } from './word-help';

const PARTS_OF_SPEECH = ['noun', 'verb', 'adjective', 'adverb', 'phrase', 'preposition', 'conjunction'];

function useVocabularyPath(resource: 'topic' | 'list') {
  return useBackOfficeScope().web(`/vocabulary/${resource}`);
}

function FormPage({
  title,
  back,
  children,
}: {
  title: string;
  back: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <>
      <title>{`${title} · Prepwise`}</title>
      <PageHeader title={title} back={back} />
      <Card withBorder radius="lg" padding="lg" maw={860}>
        {children}
      </Card>
    </>
  );
}

function LevelFilter({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (value: string | null) => void;
}) {
  const { t } = useTranslation('vocabulary');
  return (
    <Select
      aria-label={t('admin.fields.level')}
      placeholder={t('admin.fields.level')}
      data={[...CEFR_LEVELS]}
      value={value ?? null}
      onChange={onChange}
      clearable
      w={140}
    />
  );
}

// ---------------------------------------------------------------- topics

/** /admin/vocabulary/topic: topics with their word counts, searchable and filtered by level and exam. */
export function TopicListAdminPage() {
  const { t } = useTranslation('vocabulary');
  const state = useListState({ filters: ['level', 'exam'] });
  const list = useTopicList({
    page: state.page,
    search: state.search,
    level: oneOf(state.filters.level, CEFR_LEVELS),
    exam: oneOf(state.filters.exam, VOCABULARY_EXAMS),
  });
  const remove = useDeleteTopic();
  const basePath = useVocabularyPath('topic');
  return (
    <ListPage<VocabularyTopic>
      title={t('admin.topics.listTitle')}
      description={t('admin.topics.listDescription')}
      create={{ to: `${basePath}/create`, label: t('admin.topics.create'), permission: 'create_vocabulary' }}
      searchPlaceholder={t('admin.topics.search')}
      query={list}
      state={state}
      testId="vocabulary-topic-table"
      emptyText={t('admin.none')}
      filters={
        <>
          <LevelFilter value={state.filters.level} onChange={(value) => state.setFilter('level', value)} />
          <Select
            aria-label={t('admin.fields.exam')}
            placeholder={t('admin.fields.exam')}
            data={VOCABULARY_EXAMS.map((exam) => ({ value: exam, label: t(`exam.${exam}`) }))}
            value={state.filters.exam ?? null}
            onChange={(value) => state.setFilter('exam', value)}
            clearable
            w={180}
          />
        </>
      }
      columns={[
        {
          accessor: 'name_vi',
          title: t('admin.fields.name'),
          render: (topic) => (
            <>
              <Text fw={600} size="sm">
                {topic.name_vi}
              </Text>
              <Text size="xs" c="dimmed">
                {topic.name_en} · /vocabulary/{topic.slug}
              </Text>
            </>
          ),
        },
        {
          accessor: 'level',
          title: t('admin.fields.level'),
          render: (topic) => <Badge variant="light">{topic.level}</Badge>,
        },
        {
          accessor: 'exam',
          title: t('admin.fields.exam'),
          render: (topic) => t(`exam.${topic.exam as VocabularyExam}`),
          visibleMediaQuery: fromSm,
        },
        { accessor: 'word_count', title: t('admin.topics.words') },
        {
          accessor: 'published',
          title: t('admin.fields.published'),
          render: (topic) => (topic.published ? t('admin.yes') : t('admin.no')),
          visibleMediaQuery: fromSm,
        },
      ]}
      rowActions={(topic) => (
        <RowActions
          id={topic.id}
          name={topic.name_vi}
          editTo={`${basePath}/${topic.id}/edit`}
          editLabel={t('admin.editNamed', { name: topic.name_vi })}
          deleteTitle={t('admin.deleteTitle')}
          deleteConfirm={t('admin.topics.deleteConfirm', { name: topic.name_vi })}
          remove={remove}
          editPermission="update_vocabulary"
          deletePermission="delete_vocabulary"
        />
      )}
    />
  );
}

function TopicForm({ topic }: { topic?: VocabularyTopic }) {
  const { t } = useTranslation('vocabulary');
  const listPath = useVocabularyPath('topic');
  const save = useSaveTopic(topic?.id);
  const labels = {
    name_vi: t('admin.fields.nameVi'),
    name_en: t('admin.fields.nameEn'),
    slug: t('admin.fields.slug'),
    level: t('admin.fields.level'),
    exam: t('admin.fields.exam'),
  };
  const form = useAppForm({
    initialValues: valuesFrom(topic, {
      name_vi: '',
      name_en: '',
      slug: '',
      description_vi: '',
      description_en: '',
      level: 'B1',
      exam: 'general',
      position: 0,
      published: false,
    }),
    rules: { name_vi: ['required'], name_en: ['required'] },
    labels,
  });
  return (
    <RecordForm
      form={form}
      labels={labels}
      testId="vocabulary-topic-form"
      onSubmit={(values) =>
        save.mutateAsync({
          ...values,
          slug: values.slug.trim() || null,
          level: values.level as CefrLevel,
          exam: values.exam as VocabularyExam,
          position: Number(values.position) || 0,
        })
      }
      record={topic}
      nameOf={(saved) => saved.name_vi}
      listPath={listPath}
      submitLabel={topic ? t('admin.saveChanges') : t('admin.topics.create')}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label={labels.name_vi} withAsterisk {...form.getInputProps('name_vi')} />
        <TextInput label={labels.name_en} withAsterisk {...form.getInputProps('name_en')} />
      </SimpleGrid>
      <TextInput
        label={labels.slug}
        description={t('admin.topics.slugHint')}
        {...form.getInputProps('slug')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Textarea
          label={t('admin.fields.descriptionVi')}
          autosize
          minRows={2}
          {...form.getInputProps('description_vi')}
        />
        <Textarea
          label={t('admin.fields.descriptionEn')}
          autosize
          minRows={2}
          {...form.getInputProps('description_en')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <Select
          label={labels.level}
          data={[...CEFR_LEVELS]}
          allowDeselect={false}
          {...form.getInputProps('level')}
        />
        <Select
          label={labels.exam}
          data={VOCABULARY_EXAMS.map((exam) => ({ value: exam, label: t(`exam.${exam}`) }))}
          allowDeselect={false}
          {...form.getInputProps('exam')}
        />
        <NumberInput
          label={t('admin.fields.position')}
          min={0}
          max={10000}
          {...form.getInputProps('position')}
        />
      </SimpleGrid>
      <Checkbox
        label={t('admin.fields.published')}
        {...form.getInputProps('published', { type: 'checkbox' })}
      />
    </RecordForm>
  );
}

export function TopicCreateAdminPage() {
  const { t } = useTranslation('vocabulary');
  return (
    <FormPage
      title={t('admin.topics.createTitle')}
      back={{ to: useVocabularyPath('topic'), label: t('admin.topics.listTitle') }}
    >
      <TopicForm />
    </FormPage>
  );
}

export function TopicEditAdminPage({ id }: { id: string }) {
  const { t } = useTranslation('vocabulary');
  const topic = useTopic(id);
  return (
    <FormPage
      title={t('admin.topics.editTitle')}
      back={{ to: useVocabularyPath('topic'), label: t('admin.topics.listTitle') }}
    >
      <QueryState query={topic}>{(data) => <TopicForm topic={data} />}</QueryState>
    </FormPage>
  );
}

// ---------------------------------------------------------------- words

/** /admin/vocabulary/list: every word, searchable, filtered by topic and level. */
export function WordListAdminPage() {
  const { t } = useTranslation('vocabulary');
  const state = useListState({ filters: ['topic_id', 'level'] });
  const list = useWordList({
    page: state.page,
    search: state.search,
    level: oneOf(state.filters.level, CEFR_LEVELS),
    topic_id: state.filters.topic_id,
  });
  const topics = useTopicOptions();
  const remove = useDeleteWord();
  const basePath = useVocabularyPath('list');
  const fileUrl = useWordFileUrl();
  const topicName = new Map((topics.data?.items ?? []).map((topic) => [topic.id, topic.name_vi]));
  return (
    <ListPage<VocabularyWord>
      title={t('admin.words.listTitle')}
      description={t('admin.words.listDescription')}
      create={{ to: `${basePath}/create`, label: t('admin.words.create'), permission: 'create_vocabulary' }}
      actions={
        <>
          <PermissionGate permission="create_vocabulary">
            <Button component={Link} to={`${basePath}/import`} variant="light">
              {t('admin.import.open')}
            </Button>
          </PermissionGate>
          <Button component="a" href={fileUrl('csv', state.filters.topic_id)} variant="light" download>
            {t('admin.import.export')} (CSV)
          </Button>
          <Button component="a" href={fileUrl('xlsx', state.filters.topic_id)} variant="light" download>
            {t('admin.import.export')} (XLSX)
          </Button>
        </>
      }
      searchPlaceholder={t('admin.words.search')}
      query={list}
      state={state}
      testId="vocabulary-word-table"
      emptyText={t('admin.none')}
      filters={
        <>
          <Select
            aria-label={t('admin.fields.topics')}
            placeholder={t('admin.fields.topics')}
            data={(topics.data?.items ?? []).map((topic) => ({ value: topic.id, label: topic.name_vi }))}
            value={state.filters.topic_id ?? null}
            onChange={(value) => state.setFilter('topic_id', value)}
            clearable
            searchable
            w={220}
          />
          <LevelFilter value={state.filters.level} onChange={(value) => state.setFilter('level', value)} />
        </>
      }
      columns={[
        {
          accessor: 'headword',
          title: t('admin.fields.headword'),
          render: (word) => (
            <>
              <Text fw={600} size="sm">
                {word.headword}
              </Text>
              <Text size="xs" c="dimmed">
                {word.part_of_speech} {word.ipa}
              </Text>
            </>
          ),
        },
        { accessor: 'meaning_vi', title: t('admin.fields.meaningVi') },
        {
          accessor: 'level',
          title: t('admin.fields.level'),
          render: (word) => <Badge variant="light">{word.level}</Badge>,
        },
        {
          accessor: 'topic_ids',
          title: t('admin.fields.topics'),
          render: (word) =>
            word.topic_ids
              .map((id) => topicName.get(id) ?? '')
              .filter(Boolean)
              .join(', '),
          visibleMediaQuery: fromSm,
        },
      ]}
      rowActions={(word) => (
        <RowActions
          id={word.id}
          name={word.headword}
          editTo={`${basePath}/${word.id}/edit`}
          editLabel={t('admin.editNamed', { name: word.headword })}
          deleteTitle={t('admin.deleteTitle')}
          deleteConfirm={t('admin.words.deleteConfirm', { name: word.headword })}
          remove={remove}
          editPermission="update_vocabulary"
          deletePermission="delete_vocabulary"
        />
      )}
    />
  );
}

/** Words' pictures and recordings upload here (a vocabulary write permission, as the word form). */
const WORD_MEDIA = '/vocabulary/media';

/** A word's stored file as the upload field shows it (the API names only its id and address). */
const attached = (kind: Media['kind'], id: string | null | undefined, url: string | null | undefined) =>
  id && url ? { id, url, kind, mime: '', size_bytes: 0, original_name: null } : null;

function WordForm({ word }: { word?: VocabularyWord }) {
  const { t } = useTranslation('vocabulary');
  const listPath = useVocabularyPath('list');
  const save = useSaveWord(word?.id);
  const topics = useTopicOptions();
  const labels = {
    headword: t('admin.fields.headword'),
    part_of_speech: t('admin.fields.partOfSpeech'),
    ipa: t('admin.fields.ipa'),
    meaning_vi: t('admin.fields.meaningVi'),
    definition_en: t('admin.fields.definitionEn'),
    example_en: t('admin.fields.exampleEn'),
    example_vi: t('admin.fields.exampleVi'),
    level: t('admin.fields.level'),
    topic_ids: t('admin.fields.topics'),
    image_id: t('admin.fields.image'),
    audio_id: t('admin.fields.audio'),
  };
  const form = useAppForm({
    initialValues: {
      ...valuesFrom(word, {
        headword: '',
        part_of_speech: 'noun',
        ipa: '',
        meaning_vi: '',
        definition_en: '',
        level: 'B1',
        topic_ids: [] as string[],
      }),
      example_en: word?.examples[0]?.en ?? '',
      example_vi: word?.examples[0]?.vi ?? '',
      tags: (word?.tags ?? []).join(', '),
      image: attached('image', word?.image_id, word?.image_url) as Media | null,
      audio: attached('audio', word?.audio_id, word?.audio_url) as Media | null,
    },
    rules: { headword: ['required'], meaning_vi: ['required'], definition_en: ['required'] },
    labels,
  });
  return (
    <RecordForm
      form={form}
      labels={labels}
      testId="vocabulary-word-form"
      onSubmit={(values) => {
        // The first example is edited here; further ones (from an import) are kept as they are.
        const first =
          values.example_en.trim() || values.example_vi.trim()
            ? [{ en: values.example_en, vi: values.example_vi }]
            : [];
        return save.mutateAsync({
          headword: values.headword,
          part_of_speech: values.part_of_speech,
          ipa: values.ipa,
          meaning_vi: values.meaning_vi,
          definition_en: values.definition_en,
          examples: [...first, ...(word?.examples.slice(1) ?? [])],
          level: values.level as CefrLevel,
          tags: values.tags
            .split(',')
            .map((tag) => tag.trim())
            .filter(Boolean),
          topic_ids: values.topic_ids,
          image_id: values.image?.id ?? null,
          audio_id: values.audio?.id ?? null,
        });
      }}
      record={word}
      nameOf={(saved) => saved.headword}
      listPath={listPath}
      submitLabel={word ? t('admin.saveChanges') : t('admin.words.create')}
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <TextInput label={labels.headword} withAsterisk {...form.getInputProps('headword')} />
        <Select
          label={labels.part_of_speech}
          data={PARTS_OF_SPEECH}
          allowDeselect={false}
          {...form.getInputProps('part_of_speech')}
        />
        <TextInput label={labels.ipa} placeholder="/ˈeksəmpl/" {...form.getInputProps('ipa')} />
      </SimpleGrid>
      <WordHelp
        headword={form.values.headword}
        onIpa={(ipa) => {
          if (!form.values.ipa.trim()) form.setFieldValue('ipa', ipa);
        }}
        onSense={(sense) => {
          if (PARTS_OF_SPEECH.includes(sense.part_of_speech))
            form.setFieldValue('part_of_speech', sense.part_of_speech);
          form.setFieldValue('definition_en', sense.definition);
          if (!form.values.example_en.trim() && sense.examples[0])
            form.setFieldValue('example_en', sense.examples[0]);
        }}
      />
      <TextInput label={labels.meaning_vi} withAsterisk {...form.getInputProps('meaning_vi')} />
      <Textarea
        label={labels.definition_en}
        withAsterisk
        autosize
        minRows={2}
        {...form.getInputProps('definition_en')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Textarea label={labels.example_en} autosize minRows={2} {...form.getInputProps('example_en')} />
        <Textarea label={labels.example_vi} autosize minRows={2} {...form.getInputProps('example_vi')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Select
          label={labels.level}
          data={[...CEFR_LEVELS]}
          allowDeselect={false}
          {...form.getInputProps('level')}
        />
        <TextInput
          label={t('admin.fields.tags')}
          description={t('admin.words.tagsHint')}
          {...form.getInputProps('tags')}
        />
      </SimpleGrid>
      <MultiSelect
        label={labels.topic_ids}
        data={(topics.data?.items ?? []).map((topic) => ({ value: topic.id, label: topic.name_vi }))}
        searchable
        {...form.getInputProps('topic_ids')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <MediaField
          kind="image"
          label={labels.image_id}
          uploadPath={WORD_MEDIA}
          value={form.values.image}
          onChange={(image) => form.setFieldValue('image', image)}
          error={form.errorText('image_id')}
        />
        <div>
          <MediaField
            kind="audio"
            label={labels.audio_id}
            uploadPath={WORD_MEDIA}
            value={form.values.audio}
            onChange={(audio) => form.setFieldValue('audio', audio)}
            error={form.errorText('audio_id')}
          />
          <Text size="xs" c="dimmed" mt={4}>
            {t('admin.words.audioHint')}
          </Text>
        </div>
      </SimpleGrid>
    </RecordForm>
  );
}

export function WordCreateAdminPage() {
  const { t } = useTranslation('vocabulary');
  return (
    <FormPage
      title={t('admin.words.createTitle')}
      back={{ to: useVocabularyPath('list'), label: t('admin.words.listTitle') }}
    >
      <WordForm />
    </FormPage>
  );
}

export function WordEditAdminPage({ id }: { id: string }) {
  const { t } = useTranslation('vocabulary');
  const word = useWord(id);
  return (
    <FormPage
      title={t('admin.words.editTitle')}
      back={{ to: useVocabularyPath('list'), label: t('admin.words.listTitle') }}
    >
      <QueryState query={word}>{(data) => <WordForm word={data} />}</QueryState>
    </FormPage>
  );
}
