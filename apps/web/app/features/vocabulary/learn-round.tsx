import { Alert, Button, Group, Progress, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n-react';
import { buildRound, isTypedAnswerRight, type Question } from './round-questions';
import { SpeakButton, wordAudioUrl } from './speech';
import type { TopicWord } from './types';

/** A learn round on a topic: choose the meaning, type the word; the score at the end. */
export function LearnRound({ words }: { words: TopicWord[] }) {
  const { t } = useTranslation('vocabulary');
  const [round, setRound] = useState<Question[] | null>(null);
  const [index, setIndex] = useState(0);
  const [given, setGiven] = useState('');
  const [checked, setChecked] = useState<boolean | null>(null);
  const [correct, setCorrect] = useState(0);

  const start = () => {
    setRound(buildRound(words));
    setIndex(0);
    setGiven('');
    setChecked(null);
    setCorrect(0);
  };

  if (!round)
    return (
      <Stack align="flex-start">
        <Text>{t('learnRound.intro')}</Text>
        <Button onClick={start}>{t('learnRound.start')}</Button>
      </Stack>
    );

  const question = round[index];
  if (!question)
    return (
      <Stack align="flex-start">
        <Text fw={700} role="status">
          {t('learnRound.done', { correct, total: round.length })}
        </Text>
        <Button onClick={start}>{t('learnRound.again')}</Button>
      </Stack>
    );

  const check = () => {
    const right =
      question.kind === 'choose' ? given === question.answer : isTypedAnswerRight(given, question.answer);
    setChecked(right);
    if (right) setCorrect(correct + 1);
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (checked === null) {
          if (given.trim()) check();
        } else {
          setIndex(index + 1);
          setGiven('');
          setChecked(null);
        }
      }}
    >
      <Text size="sm" c="dimmed">
        {t('learnRound.question', { current: index + 1, total: round.length })}
      </Text>
      <Progress value={(index / round.length) * 100} size="sm" my="xs" aria-hidden="true" />
      {question.kind === 'choose' ? (
        <Radio.Group
          label={t('learnRound.chooseMeaning', { word: question.word.headword })}
          value={given}
          onChange={setGiven}
        >
          <Stack gap="xs" mt="xs">
            {question.options.map((option) => (
              <Radio key={option} value={option} label={option} disabled={checked !== null} />
            ))}
          </Stack>
        </Radio.Group>
      ) : question.kind === 'listen' ? (
        <Stack gap="xs">
          <Group gap="xs">
            <Text fw={500}>{t('learnRound.listenWord')}</Text>
            <SpeakButton
              url={wordAudioUrl(question.word.id)}
              label={t('learnRound.playAgain')}
              withText={t('learnRound.play')}
            />
          </Group>
          <TextInput
            aria-label={t('learnRound.answerLabel')}
            placeholder={t('learnRound.answerLabel')}
            value={given}
            onChange={(event) => setGiven(event.currentTarget.value)}
            readOnly={checked !== null}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            data-testid="listen-answer"
          />
        </Stack>
      ) : (
        <TextInput
          label={t('learnRound.typeWord', { meaning: question.word.meaning_vi })}
          placeholder={t('learnRound.answerLabel')}
          value={given}
          onChange={(event) => setGiven(event.currentTarget.value)}
          readOnly={checked !== null}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
        />
      )}
      {checked !== null && (
        <Alert color={checked ? 'green' : 'red'} variant="light" mt="sm" role="status">
          {checked ? t('learnRound.correct') : t('learnRound.wrong', { answer: question.answer })}
        </Alert>
      )}
      <Group mt="sm">
        {checked === null ? (
          <Button type="submit" disabled={!given.trim()}>
            {t('learnRound.check')}
          </Button>
        ) : (
          <Button type="submit">{t('learnRound.next')}</Button>
        )}
      </Group>
    </form>
  );
}
