import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { QueryProvider } from '../../components/query-provider';
import { apiClient } from '../../lib/api-client';
import { useTranslation } from '../../lib/i18n-react';
import { AddWordButton } from './topic-pages';

/** Words shown before "show all": the earliest missed questions'. */
const FIRST_SHOWN = 8;

/**
 * Under a learner's own result: the vocabulary's words used by the questions they missed, each with its
 * meaning and the questions it appears in, to add to "my words" (reviewed on the FSRS schedule).
 * Nothing is shown when the missed questions use none of them.
 */
export function ResultWords(props: { attemptId: string; headingOrder?: 2 | 3 }) {
  // Public result pages carry no query client in the root (components/query-provider).
  return (
    <QueryProvider>
      <WordList {...props} />
    </QueryProvider>
  );
}

function WordList({ attemptId, headingOrder = 2 }: { attemptId: string; headingOrder?: 2 | 3 }) {
  const { t } = useTranslation('vocabulary');
  const words = useQuery({
    queryKey: ['result-words', attemptId],
    queryFn: () => apiClient.get('/user/attempts/{id}/vocabulary', { path: { id: attemptId } }),
  });
  const items = words.data?.items ?? [];
  const [added, setAdded] = useState<ReadonlySet<string>>(() => new Set());
  const [all, setAll] = useState(false);
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="result-words-title" data-testid="result-words">
      <Title order={headingOrder} size="h3" id="result-words-title" mb={4}>
        {t('resultWords.title')}
      </Title>
      <Text c="dimmed" size="sm" mb="sm">
        {t('resultWords.lead')}{' '}
        <Anchor component={Link} to="/vocabulary/my-words" size="sm" underline="always">
          {t('resultWords.myWords')}
        </Anchor>
      </Text>
      <Card withBorder radius="lg" padding={0}>
        <Stack gap={0}>
          {(all ? items : items.slice(0, FIRST_SHOWN)).map(({ word, questions, in_my_words }) => (
            <Group
              key={word.id}
              justify="space-between"
              wrap="nowrap"
              gap="sm"
              px="md"
              py="sm"
              style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
              data-testid="result-word"
            >
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Group gap={6} wrap="wrap">
                  <Text fw={700}>{word.headword}</Text>
                  <Text size="sm" c="dimmed">
                    {word.part_of_speech}
                    {word.ipa ? ` · /${word.ipa.replace(/^\/|\/$/g, '')}/` : ''}
                  </Text>
                  <Badge size="xs" variant="light" color="gray">
                    {word.level}
                  </Badge>
                </Group>
                <Text size="sm">{word.meaning_vi}</Text>
                <Text size="xs" c="dimmed">
                  {t('resultWords.inQuestions', { numbers: questions.slice(0, 6).join(', ') })}
                  {questions.length > 6 ? ' …' : ''}
                </Text>
              </Stack>
              <AddWordButton
                word={word}
                saved={in_my_words || added.has(word.id)}
                onSaved={(id) => setAdded((previous) => new Set(previous).add(id))}
              />
            </Group>
          ))}
        </Stack>
        {!all && items.length > FIRST_SHOWN ? (
          <Button variant="subtle" m="xs" onClick={() => setAll(true)}>
            {t('resultWords.showAll', { count: items.length })}
          </Button>
        ) : null}
      </Card>
    </section>
  );
}
