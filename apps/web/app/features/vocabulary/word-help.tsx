import { Alert, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import type { WordSuggestion } from '@prepwise/contract';
import { useMutation } from '@tanstack/react-query';
import { ServerErrorAlert } from '../../components/admin-ui';
import { useBackOfficeScope } from '../../components/back-office/scope';
import { SparklesIcon } from '../../components/icons';
import { scoped } from '../../lib/api-client';
import { useTranslation } from '../../lib/i18n-react';
import { SpeakButton } from './speech';

type Sense = WordSuggestion['senses'][number];

/**
 * Help while adding a word, offline: WordNet's senses (part of speech, English definition, an example,
 * synonyms) and eSpeak NG's pronunciation and audio. Nothing is filled without the author's click,
 * except an empty IPA field; every field stays editable.
 */
export function WordHelp({
  headword,
  onIpa,
  onSense,
}: {
  headword: string;
  onIpa: (ipa: string) => void;
  onSense: (sense: Sense) => void;
}) {
  const { t } = useTranslation('vocabulary');
  const scope = useBackOfficeScope();
  const suggest = useMutation({
    mutationFn: (word: string) =>
      scoped<'/admin'>(scope).get('/vocabulary-suggestions', { query: { headword: word } }),
    onSuccess: (suggestion) => {
      if (suggestion.ipa) onIpa(suggestion.ipa);
    },
  });
  const word = headword.trim();
  const shown = suggest.data && suggest.data.headword === word ? suggest.data : undefined;
  return (
    <Stack gap="xs" data-testid="word-help">
      <Group gap="xs">
        <Button
          variant="light"
          leftSection={<SparklesIcon size={16} />}
          disabled={!word}
          loading={suggest.isPending}
          onClick={() => suggest.mutate(word)}
        >
          {t('admin.help.suggest')}
        </Button>
        {word ? (
          <SpeakButton
            url={`/api${scope.api('/vocabulary-speech')}?text=${encodeURIComponent(word)}`}
            label={t('cards.listen', { word })}
            withText={t('admin.help.listen')}
          />
        ) : null}
        <Text size="xs" c="dimmed">
          {t('admin.help.offline')}
        </Text>
      </Group>
      {suggest.error ? <ServerErrorAlert error={suggest.error} /> : null}
      {shown && shown.senses.length === 0 ? (
        <Alert variant="light" color="gray" data-testid="word-help-none">
          {t('admin.help.noSenses', { word: shown.headword })}
        </Alert>
      ) : null}
      {shown && shown.senses.length > 0 ? (
        <Stack gap={6} data-testid="word-help-senses" aria-label={t('admin.help.sensesTitle')}>
          {shown.senses.map((sense, index) => (
            <Card key={`${sense.part_of_speech}-${sense.definition}`} withBorder padding="xs" radius="md">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={2}>
                  <Group gap={6}>
                    <Badge variant="light" size="sm">
                      {sense.part_of_speech}
                    </Badge>
                    <Text size="sm">{sense.definition}</Text>
                  </Group>
                  {sense.examples[0] ? (
                    <Text size="xs" c="dimmed" fs="italic">
                      {sense.examples[0]}
                    </Text>
                  ) : null}
                  {sense.synonyms.length > 0 ? (
                    <Text size="xs" c="dimmed">
                      {t('admin.help.synonyms', { list: sense.synonyms.join(', ') })}
                    </Text>
                  ) : null}
                </Stack>
                <Button
                  size="compact-sm"
                  variant="default"
                  onClick={() => onSense(sense)}
                  aria-label={t('admin.help.useSenseNamed', { index: index + 1 })}
                >
                  {t('admin.help.useSense')}
                </Button>
              </Group>
            </Card>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
