import { ActionIcon, Button } from '@mantine/core';
import { API_REALMS } from '@prepwise/contract';
import { useCallback, useRef } from 'react';
import { SpeakerIcon } from '../../components/icons';

/** A published word's spoken headword, or its example sentence `example` (made on the server, offline). */
export function wordAudioUrl(wordId: string, example?: number) {
  const query = example === undefined ? '' : `?example=${example}`;
  return `${API_REALMS.public}/vocabulary/words/${wordId}/audio${query}`;
}

/** Plays one audio file; pressing again while it plays starts it over. */
export function usePlayer() {
  const current = useRef<HTMLAudioElement | null>(null);
  return useCallback((url: string) => {
    current.current?.pause();
    const audio = new Audio(url);
    current.current = audio;
    // A browser may refuse to play before the page was touched; the button stays for another try.
    void audio.play().catch(() => undefined);
  }, []);
}

/** A speaker button that says `label` to screen readers and plays `url`. */
export function SpeakButton({ url, label, withText }: { url: string; label: string; withText?: string }) {
  const play = usePlayer();
  if (withText)
    return (
      <Button
        variant="default"
        leftSection={<SpeakerIcon size={16} />}
        onClick={() => play(url)}
        aria-label={label}
        data-testid="speak-button"
      >
        {withText}
      </Button>
    );
  return (
    <ActionIcon
      variant="default"
      size="lg"
      onClick={() => play(url)}
      aria-label={label}
      data-testid="speak-button"
    >
      <SpeakerIcon size={18} />
    </ActionIcon>
  );
}
