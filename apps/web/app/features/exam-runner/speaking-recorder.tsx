import { Alert, Button, Paper as Card, Group, Progress, Stack, Text } from '@mantine/core';
import type { PaperQuestion, SpeakingSettings } from '@prepwise/contract';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useTranslation } from '../../lib/i18n-react';
import type { Journal, RecordingRecord } from './journal-store';
import type { RecordingUploader } from './recording-upload';

/*
 * A speaking question in the runner (issue 28): the prompt (its audio, or the text and cue card), a
 * preparation countdown, then MediaRecorder records for the speaking time with a level meter and the time
 * left, stops by itself and moves on. Each ~1 s chunk is written to the journal before it is uploaded.
 * A refused or missing microphone is said plainly, with a retry; a question is never left silently empty.
 */

export interface SpeakingContextValue {
  attemptId: string;
  journal: Journal;
  uploader: RecordingUploader;
  /** Called when a recording has stopped by itself: the runner moves to the next question. */
  onFinished: (questionId: string) => void;
  /** Questions recording right now (the boot must not close them as interrupted). */
  active: Set<string>;
}

export const SpeakingContext = createContext<SpeakingContextValue | null>(null);

const TIMESLICE_MS = 1000;

/** Opus in WebM where the browser records it, else AAC in MP4 (Safari, iPhone). */
export function recordingMime(): string {
  if (typeof MediaRecorder === 'undefined') return '';
  for (const mime of ['audio/webm;codecs=opus', 'audio/webm', 'audio/mp4']) {
    if (MediaRecorder.isTypeSupported(mime)) return mime;
  }
  return '';
}

type Phase =
  | { kind: 'loading' }
  | { kind: 'idle' }
  | { kind: 'preparing'; left: number }
  | { kind: 'recording'; left: number }
  | { kind: 'done'; record: RecordingRecord }
  | { kind: 'micError'; reason: 'denied' | 'missing' | 'unsupported' };

export function SpeakingRecorder({ question, label }: { question: PaperQuestion; label: string }) {
  const { t } = useTranslation('exam');
  const context = useContext(SpeakingContext);
  const settings = question.speaking;
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const [level, setLevel] = useState(0);
  const stopRef = useRef<(() => void) | null>(null);
  const audioRef = useRef<AudioContext | null>(null);
  /** An audio context made inside the learner's click: one made later would start suspended. */
  const wakeAudio = useCallback(() => {
    if (typeof AudioContext === 'undefined') return;
    audioRef.current ??= new AudioContext();
    void audioRef.current.resume().catch(() => undefined);
  }, []);
  const upload = useSyncExternalStore(
    context?.uploader.subscribe ?? noSubscribe,
    context?.uploader.getSnapshot ?? noSnapshot,
    context?.uploader.getSnapshot ?? noSnapshot,
  );

  // What this browser already holds of the question.
  useEffect(() => {
    if (!context) return;
    let live = true;
    void context.journal.recordings(context.attemptId).then((records) => {
      const record = records.find((one) => one.questionId === question.id);
      if (!live) return;
      setPhase(record && record.chunkCount !== null ? { kind: 'done', record } : { kind: 'idle' });
    });
    return () => {
      live = false;
    };
  }, [context, question.id]);

  // Leaving the question (or the page) mid-recording stops it: what was recorded is kept.
  useEffect(() => () => stopRef.current?.(), []);

  const record = useCallback(
    async (speaking: SpeakingSettings) => {
      if (!context) return;
      const mime = recordingMime();
      if (!mime || !navigator.mediaDevices?.getUserMedia) {
        setPhase({ kind: 'micError', reason: 'unsupported' });
        return;
      }
      let stream: MediaStream;
      try {
        stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      } catch (error) {
        const name = (error as DOMException).name;
        setPhase({
          kind: 'micError',
          reason: name === 'NotFoundError' || name === 'OverconstrainedError' ? 'missing' : 'denied',
        });
        return;
      }
      const { attemptId, journal, uploader, active } = context;
      const startedAt = Date.now();
      const base: RecordingRecord = {
        attemptId,
        questionId: question.id,
        mime: mime.split(';')[0]!,
        startedAt,
        chunkCount: null,
        durationMs: null,
        uploaded: false,
      };
      active.add(question.id);
      await journal.putRecording(base);
      const recorder = new MediaRecorder(stream, { mimeType: mime });
      let index = 0;
      let writes = Promise.resolve();
      recorder.ondataavailable = (event) => {
        if (event.data.size === 0) return;
        const chunk = { attemptId, questionId: question.id, index: index++, blob: event.data };
        // Journal first, then the network.
        writes = writes.then(() => journal.putRecordingChunk(chunk)).then(() => void uploader.kick());
      };
      // The level meter: the microphone's loudness, from an AnalyserNode (its context was made on the
      // learner's click, so the browser lets it run).
      const audio = audioRef.current ?? new AudioContext();
      audioRef.current = null;
      void audio.resume().catch(() => undefined);
      const analyser = audio.createAnalyser();
      analyser.fftSize = 512;
      audio.createMediaStreamSource(stream).connect(analyser);
      const samples = new Uint8Array(analyser.fftSize);
      let frame = 0;
      const meter = () => {
        analyser.getByteTimeDomainData(samples);
        let peak = 0;
        for (const sample of samples) peak = Math.max(peak, Math.abs(sample - 128));
        setLevel(Math.min(100, Math.round((peak / 128) * 140)));
        frame = requestAnimationFrame(meter);
      };
      frame = requestAnimationFrame(meter);

      const end = startedAt + speaking.speaking_seconds * 1000;
      const tick = setInterval(() => {
        const left = Math.max(0, Math.ceil((end - Date.now()) / 1000));
        setPhase({ kind: 'recording', left });
        if (left <= 0) stop(true);
      }, 250);
      let stopped = false;
      const stop = (byItself: boolean) => {
        if (stopped) return;
        stopped = true;
        stopRef.current = null;
        clearInterval(tick);
        cancelAnimationFrame(frame);
        recorder.onstop = async () => {
          for (const track of stream.getTracks()) track.stop();
          void audio.close().catch(() => undefined);
          await writes;
          const done: RecordingRecord = { ...base, chunkCount: index, durationMs: Date.now() - startedAt };
          await journal.putRecording(done);
          active.delete(question.id);
          void uploader.kick();
          setPhase({ kind: 'done', record: done });
          if (byItself) context.onFinished(question.id);
        };
        recorder.stop();
      };
      stopRef.current = () => stop(false);
      recorder.start(TIMESLICE_MS);
      setPhase({ kind: 'recording', left: speaking.speaking_seconds });
    },
    [context, question.id],
  );

  const prepare = useCallback(() => {
    if (!settings) return;
    wakeAudio();
    if (settings.preparation_seconds === 0) {
      void record(settings);
      return;
    }
    const end = Date.now() + settings.preparation_seconds * 1000;
    setPhase({ kind: 'preparing', left: settings.preparation_seconds });
    const tick = setInterval(() => {
      const left = Math.max(0, Math.ceil((end - Date.now()) / 1000));
      setPhase({ kind: 'preparing', left });
      if (left <= 0) {
        clearInterval(tick);
        void record(settings);
      }
    }, 250);
    stopRef.current = () => clearInterval(tick);
  }, [record, settings, wakeAudio]);

  /** Ready before the preparation time is up: speak now, as a candidate may tell the examiner. */
  const speakNow = useCallback(() => {
    if (!settings) return;
    stopRef.current?.();
    stopRef.current = null;
    void record(settings);
  }, [record, settings]);

  if (!settings || !context) return null;
  const uploaded = upload.uploaded.has(question.id) || (phase.kind === 'done' && phase.record.uploaded);
  return (
    <Stack gap="sm" data-testid="speaking-recorder" aria-label={label}>
      {settings.cue_card ? (
        <Card withBorder p="md" data-testid="cue-card">
          <Text fw={700} size="sm" mb={4}>
            {t('speaking.cueCard')}
          </Text>
          <Text style={{ whiteSpace: 'pre-line' }}>{settings.cue_card}</Text>
        </Card>
      ) : null}
      <Text size="sm" c="dimmed">
        {t('speaking.times', {
          preparation: settings.preparation_seconds,
          speaking: settings.speaking_seconds,
        })}
      </Text>
      {phase.kind === 'idle' ? (
        <Group>
          <Button onClick={prepare} data-testid="speaking-start">
            {settings.preparation_seconds > 0 ? t('speaking.startPreparation') : t('speaking.startRecording')}
          </Button>
        </Group>
      ) : null}
      {phase.kind === 'preparing' ? (
        <Group justify="space-between">
          <Text role="timer" aria-live="polite" fw={700} data-testid="speaking-preparing">
            {t('speaking.preparing', { seconds: phase.left })}
          </Text>
          <Button variant="default" onClick={speakNow} data-testid="speaking-now">
            {t('speaking.speakNow')}
          </Button>
        </Group>
      ) : null}
      {phase.kind === 'recording' ? (
        <Stack gap={4}>
          <Group justify="space-between">
            <Text fw={700} c="red.8" data-testid="speaking-recording">
              {t('speaking.recording')}
            </Text>
            <Text role="timer" aria-live="off" fw={700}>
              {t('speaking.left', { seconds: phase.left })}
            </Text>
          </Group>
          <Progress
            value={level}
            aria-label={t('speaking.level')}
            color="teal"
            size="lg"
            data-testid="level-meter"
            data-level={level}
          />
          <Group>
            <Button variant="default" onClick={() => stopRef.current?.()}>
              {t('speaking.stop')}
            </Button>
          </Group>
        </Stack>
      ) : null}
      {phase.kind === 'done' ? (
        <Text data-testid="speaking-done" data-uploaded={uploaded || undefined}>
          {uploaded
            ? t('speaking.saved', { seconds: Math.round((phase.record.durationMs ?? 0) / 1000) })
            : t('speaking.savedLocally', { seconds: Math.round((phase.record.durationMs ?? 0) / 1000) })}
        </Text>
      ) : null}
      {phase.kind === 'micError' ? (
        <Alert color="red" title={t('speaking.micTitle')} role="alert" data-testid="mic-error">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t(`speaking.mic.${phase.reason}`)}</Text>
            <Button
              size="xs"
              onClick={() => {
                wakeAudio();
                void record(settings);
              }}
              data-testid="mic-retry"
            >
              {t('retry')}
            </Button>
          </Stack>
        </Alert>
      ) : null}
    </Stack>
  );
}

const emptySnapshot = { pending: 0, offline: false, uploaded: new Set<string>(), version: 0 };
const noSubscribe = () => () => undefined;
const noSnapshot = () => emptySnapshot;
