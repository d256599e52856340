import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import type { Media } from '@prepwise/contract';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from '../../lib/i18n-react';
import { formatDuration } from './server-clock';

/*
 * Play-once recordings (full tests) play through one page-level <audio> element without controls,
 * so a recording keeps playing while the learner moves between questions, cannot be sought or
 * replayed, and a second recording cannot start over it. Free practice uses the browser's player.
 */

interface AudioState {
  clip: string | null;
  current: number;
  duration: number;
  playing: boolean;
  failed: string | null;
}

interface AudioApi {
  state: AudioState;
  played: ReadonlySet<string>;
  play(media: Media): void;
  /** The listening volume, 0–1: every recording of the attempt plays at it. */
  volume: number;
  setVolume(volume: number): void;
  /** The speed of practice recordings (play-once recordings of a full test always play at 1). */
  rate: number;
  setRate(rate: number): void;
}

/** The speeds a learner practising a part may choose (study4 and YouTube offer the same steps). */
export const PLAYBACK_RATES = [0.5, 0.75, 1, 1.25, 1.5] as const;

const volumeKey = (attemptId: string) => `prepwise-exam-volume:${attemptId}`;
const rateKey = (attemptId: string) => `prepwise-exam-rate:${attemptId}`;

/** The speed chosen earlier in this attempt (this browser), or normal speed. */
function storedRate(attemptId: string): number {
  if (typeof localStorage === 'undefined') return 1;
  try {
    const stored = Number(localStorage.getItem(rateKey(attemptId)));
    return (PLAYBACK_RATES as readonly number[]).includes(stored) ? stored : 1;
  } catch {
    return 1;
  }
}

/** The volume chosen earlier in this attempt (this browser), or full volume. */
function storedVolume(attemptId: string): number {
  if (typeof localStorage === 'undefined') return 1;
  try {
    const raw = localStorage.getItem(volumeKey(attemptId));
    const stored = raw === null ? Number.NaN : Number(raw);
    return Number.isFinite(stored) && stored >= 0 && stored <= 1 ? stored : 1;
  } catch {
    return 1;
  }
}

const AudioContext = createContext<AudioApi | null>(null);

export function ExamAudioProvider({
  attemptId,
  initiallyPlayed,
  onPlayed,
  recordPlay,
  children,
}: {
  attemptId: string;
  initiallyPlayed: string[];
  onPlayed: (clip: string) => void;
  /**
   * Asks the server whether the clip may start (its record is per attempt, across devices): true for
   * the first play, false when it was played already, null when the server could not be reached.
   */
  recordPlay: (clip: string) => Promise<boolean | null>;
  children: ReactNode;
}) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const [played, setPlayed] = useState<ReadonlySet<string>>(() => new Set(initiallyPlayed));
  const [state, setState] = useState<AudioState>({
    clip: null,
    current: 0,
    duration: 0,
    playing: false,
    failed: null,
  });
  const starting = useRef(false);
  const [volume, setVolumeState] = useState(() => storedVolume(attemptId));

  const setVolume = useCallback(
    (next: number) => {
      const clamped = Math.max(0, Math.min(1, next));
      setVolumeState(clamped);
      try {
        localStorage.setItem(volumeKey(attemptId), String(clamped));
      } catch {
        // Storage may be unavailable: the volume holds until the page is left.
      }
    },
    [attemptId],
  );

  useEffect(() => {
    if (audioRef.current) audioRef.current.volume = volume;
  }, [volume]);

  const [rate, setRateState] = useState(() => storedRate(attemptId));
  const setRate = useCallback(
    (next: number) => {
      if (!(PLAYBACK_RATES as readonly number[]).includes(next)) return;
      setRateState(next);
      try {
        localStorage.setItem(rateKey(attemptId), String(next));
      } catch {
        // Storage may be unavailable: the speed holds until the page is left.
      }
    },
    [attemptId],
  );

  const play = useCallback(
    (media: Media) => {
      const audio = audioRef.current;
      if (!audio || state.playing || starting.current || played.has(media.id)) return;
      starting.current = true;
      const markPlayed = () => {
        setPlayed((previous) => new Set(previous).add(media.id));
        onPlayed(media.id);
      };
      void recordPlay(media.id).then((first) => {
        starting.current = false;
        if (first === false) {
          // Played already on another device or tab: the server's record holds.
          markPlayed();
          return;
        }
        audio.src = media.url;
        setState({ clip: media.id, current: 0, duration: 0, playing: true, failed: null });
        audio
          .play()
          .then(markPlayed, () =>
            setState((previous) => ({ ...previous, playing: false, failed: media.id })),
          );
      });
    },
    [state.playing, played, onPlayed, recordPlay],
  );

  const api = useMemo<AudioApi>(
    () => ({ state, played, play, volume, setVolume, rate, setRate }),
    [state, played, play, volume, setVolume, rate, setRate],
  );
  const update = (patch: Partial<AudioState>) => setState((previous) => ({ ...previous, ...patch }));

  return (
    <AudioContext.Provider value={api}>
      {children}
      {/* biome-ignore lint/a11y/useMediaCaption: exam recordings have no captions; transcripts come with the review */}
      <audio
        ref={audioRef}
        data-testid="exam-audio"
        data-clip={state.clip ?? undefined}
        preload="none"
        onLoadedMetadata={(event) => update({ duration: event.currentTarget.duration || 0 })}
        onTimeUpdate={(event) => update({ current: event.currentTarget.currentTime })}
        onEnded={() => update({ playing: false })}
        onError={() => update({ playing: false, failed: state.clip })}
      />
    </AudioContext.Provider>
  );
}

/** A play-once recording: one play button, a progress bar, no seeking. */
export function OnceAudioPlayer({ media }: { media: Media }) {
  const { t } = useTranslation('exam');
  const audio = useContext(AudioContext);
  if (!audio) return null;
  const { state, played } = audio;
  const isThis = state.clip === media.id;
  const playingThis = isThis && state.playing;
  const done = played.has(media.id) && !playingThis;
  const busy = state.playing && !isThis;
  const progress = isThis && state.duration > 0 ? Math.min(100, (state.current / state.duration) * 100) : 0;
  return (
    <Stack gap={6} data-testid="once-audio">
      <Group gap="sm" wrap="nowrap">
        <Button
          size="compact-md"
          variant={done ? 'default' : 'filled'}
          disabled={done || busy || playingThis}
          onClick={() => audio.play(media)}
        >
          {playingThis
            ? t('audio.playing')
            : done
              ? t('audio.played')
              : busy
                ? t('audio.busy')
                : t('audio.play')}
        </Button>
        <Text size="sm" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {formatDuration((isThis ? state.current : 0) * 1000)}
          {isThis && state.duration > 0 ? ` / ${formatDuration(state.duration * 1000)}` : ''}
        </Text>
      </Group>
      <Progress value={done && !isThis ? 100 : progress} aria-label={t('audio.progress')} size="sm" />
      <Text size="xs" c="dimmed">
        {t('audio.onceNote')}
      </Text>
      {state.failed === media.id ? (
        <Alert color="red" variant="light" p="xs">
          {t('audio.failed')}
        </Alert>
      ) : null}
    </Stack>
  );
}

/** The attempt's listening volume (0–1) and its setter; null outside the runner. */
export function useExamVolume(): { volume: number; setVolume: (volume: number) => void } | null {
  const audio = useContext(AudioContext);
  return audio ? { volume: audio.volume, setVolume: audio.setVolume } : null;
}

/** The speed of practice recordings and its setter; null outside the runner. */
export function useExamPlaybackRate(): { rate: number; setRate: (rate: number) => void } | null {
  const audio = useContext(AudioContext);
  return audio ? { rate: audio.rate, setRate: audio.setRate } : null;
}

/** A recording with the browser's controls (free practice), at the attempt's volume and speed. */
function FreeAudioPlayer({ media }: { media: Media }) {
  const ref = useRef<HTMLAudioElement>(null);
  const volume = useExamVolume()?.volume ?? 1;
  const rate = useExamPlaybackRate()?.rate ?? 1;
  useEffect(() => {
    if (ref.current) ref.current.volume = volume;
  }, [volume]);
  useEffect(() => {
    const audio = ref.current;
    if (!audio) return;
    // The default rate survives the browser reloading the source; the current one applies at once.
    audio.defaultPlaybackRate = rate;
    audio.playbackRate = rate;
  }, [rate]);
  return (
    // biome-ignore lint/a11y/useMediaCaption: exam recordings have no captions; transcripts come with the review
    <audio
      ref={ref}
      controls
      src={media.url}
      preload="metadata"
      style={{ width: '100%' }}
      data-testid="free-audio"
    />
  );
}

export function ExamAudio({ media, policy }: { media: Media; policy: 'none' | 'play_once' | 'free' }) {
  if (policy === 'play_once') return <OnceAudioPlayer media={media} />;
  return <FreeAudioPlayer media={media} />;
}
