import { Button, Group, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/i18n-react';
import { SpeakButton, usePlayer, wordAudioUrl } from './speech';
import type { TopicWord } from './types';
import classes from './vocabulary.module.css';

/** Typing in a field never flips or moves cards. */
export function isTypingTarget(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

export function isButtonTarget(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && target.closest('button, a') !== null;
}

/** Flashcards of a topic: the word in front, meaning, definition and example behind. */
export function Flashcards({ words }: { words: TopicWord[] }) {
  const { t } = useTranslation('vocabulary');
  const [index, setIndex] = useState(0);
  const [flipped, setFlipped] = useState(false);
  const word = words[index];
  const play = usePlayer();
  // The author's recording when there is one, else the synthesized pronunciation.
  const audioUrl = word ? (word.audio_url ?? wordAudioUrl(word.id)) : null;

  useEffect(() => {
    const move = (step: number) => {
      setIndex((current) => Math.min(words.length - 1, Math.max(0, current + step)));
      setFlipped(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (isTypingTarget(event.target) || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === ' ') {
        // On a focused button Space already presses it (the card itself flips on its own click).
        if (isButtonTarget(event.target)) return;
        event.preventDefault();
        setFlipped((value) => !value);
      } else if (event.key === 'ArrowRight') move(1);
      else if (event.key === 'ArrowLeft') move(-1);
      else if ((event.key === 'p' || event.key === 'P') && audioUrl) play(audioUrl);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [words.length, audioUrl, play]);

  if (!word) return null;
  return (
    <div>
      <Text size="sm" c="dimmed" mb="xs" aria-live="polite">
        {t('cards.progress', { current: index + 1, total: words.length })}
      </Text>
      <button
        type="button"
        className={classes.flashcard}
        onClick={() => setFlipped((value) => !value)}
        aria-label={`${t('cards.flip')}: ${flipped ? t('cards.back') : t('cards.front')}`}
        data-testid="flashcard"
      >
        {flipped ? (
          <>
            <Text fw={700} size="xl">
              {word.meaning_vi}
            </Text>
            <Text>{word.definition_en}</Text>
            {word.examples.map((example) => (
              <Text key={example.en} size="sm" className={classes.example}>
                {example.en}
                <br />
                {example.vi}
              </Text>
            ))}
          </>
        ) : (
          <>
            {word.image_url ? (
              <img
                src={word.image_url}
                alt={word.headword}
                className={classes.cardImage}
                data-testid="flashcard-image"
              />
            ) : null}
            <span className={classes.headword}>{word.headword}</span>
            <Text c="dimmed">
              {word.part_of_speech} {word.ipa}
            </Text>
          </>
        )}
      </button>
      <Group justify="space-between" mt="sm">
        <Button
          variant="default"
          disabled={index === 0}
          onClick={() => {
            setIndex(index - 1);
            setFlipped(false);
          }}
        >
          ← {t('cards.previous')}
        </Button>
        <SpeakButton
          url={audioUrl ?? wordAudioUrl(word.id)}
          label={t('cards.listen', { word: word.headword })}
        />
        <Button
          variant="default"
          disabled={index === words.length - 1}
          onClick={() => {
            setIndex(index + 1);
            setFlipped(false);
          }}
        >
          {t('cards.next')} →
        </Button>
      </Group>
      <Text size="xs" c="dimmed" mt="xs">
        {t('cards.shortcuts')}
      </Text>
    </div>
  );
}
