import {
  ActionIcon,
  Group,
  Kbd,
  Modal,
  Popover,
  SegmentedControl,
  Slider,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import type { Paper } from '@prepwise/contract';
import { useTranslation } from '../../lib/i18n-react';
import { PLAYBACK_RATES, useExamPlaybackRate, useExamVolume } from './exam-audio';

/**
 * Whether any question or group of the paper has a recording (the volume control shows only then); with
 * `freeOnly`, a recording the learner plays with the browser's controls (practice: its speed may change).
 */
export function paperHasAudio(paper: Paper, freeOnly = false): boolean {
  return paper.sections.some(
    (section) =>
      (!freeOnly || section.audio_policy === 'free') &&
      section.items.some((item) =>
        item.kind === 'question'
          ? item.question.audio !== null
          : item.group.audio !== null || item.group.questions.some((question) => question.audio !== null),
      ),
  );
}

function SpeakerGlyph({ muted }: { muted: boolean }) {
  return (
    <svg
      width={18}
      height={18}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      aria-hidden="true"
    >
      <path d="M11 5 6 9H2v6h4l5 4V5z" />
      {muted ? <path d="m23 9-6 6M17 9l6 6" /> : <path d="M15.5 8.5a5 5 0 0 1 0 7M19 5a10 10 0 0 1 0 14" />}
    </svg>
  );
}

/**
 * The listening volume of the attempt: a slider and mute, kept for the whole attempt; with `speed` (a
 * practice, whose recordings the learner controls), the playback speed too.
 */
export function VolumeControl({ speed = false }: { speed?: boolean }) {
  const { t } = useTranslation('exam');
  const control = useExamVolume();
  const playback = useExamPlaybackRate();
  if (!control) return null;
  const percent = Math.round(control.volume * 100);
  return (
    <Popover position="bottom-end" shadow="md" withArrow trapFocus>
      <Popover.Target>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t('volume.open', { percent })}
          data-testid="volume-button"
          data-volume={percent}
        >
          <SpeakerGlyph muted={percent === 0} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" w={220}>
          <Group justify="space-between">
            <Text size="sm" fw={600} id="exam-volume-label">
              {t('volume.label')}
            </Text>
            <Text size="sm" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {percent}%
            </Text>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <ActionIcon
              variant="subtle"
              onClick={() => control.setVolume(percent === 0 ? 1 : 0)}
              aria-label={percent === 0 ? t('volume.unmute') : t('volume.mute')}
              data-testid="volume-mute"
            >
              <SpeakerGlyph muted={percent === 0} />
            </ActionIcon>
            <Slider
              flex={1}
              min={0}
              max={100}
              step={5}
              value={percent}
              onChange={(value) => control.setVolume(value / 100)}
              label={(value) => `${value}%`}
              thumbLabel={t('volume.label')}
              data-testid="volume-slider"
            />
          </Group>
          <Text size="xs" c="dimmed">
            {t('volume.hint')}
          </Text>
          {speed && playback ? (
            <Stack gap={4}>
              <Text size="sm" fw={600} id="exam-speed-label">
                {t('speed.label')}
              </Text>
              <SegmentedControl
                size="xs"
                fullWidth
                aria-labelledby="exam-speed-label"
                data-testid="speed-control"
                value={String(playback.rate)}
                onChange={(value) => playback.setRate(Number(value))}
                data={PLAYBACK_RATES.map((rate) => ({ value: String(rate), label: `${rate}×` }))}
              />
              <Text size="xs" c="dimmed">
                {t('speed.hint')}
              </Text>
            </Stack>
          ) : null}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/** The runner's keyboard shortcuts (the keydown handler of the exam screen), listed in a dialog. */
export function ShortcutsDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('exam');
  const rows: Array<[keys: string[], what: string]> = [
    [['←'], t('shortcuts.previous')],
    [['→'], t('shortcuts.next')],
    [['A', 'B', 'C', 'D'], t('shortcuts.choose')],
    [['1', '2', '3', '4'], t('shortcuts.chooseNumber')],
    [['F'], t('shortcuts.flag')],
    [['?'], t('shortcuts.help')],
    [['Esc'], t('shortcuts.close')],
  ];
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('shortcuts.title')}
      centered
      closeButtonProps={{ 'aria-label': t('shortcuts.closeButton') }}
    >
      <Table verticalSpacing="xs" data-testid="shortcuts-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('shortcuts.keys')}</Table.Th>
            <Table.Th>{t('shortcuts.action')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map(([keys, what]) => (
            <Table.Tr key={what}>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  {keys.map((key) => (
                    <Kbd key={key}>{key}</Kbd>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>{what}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm" c="dimmed" mt="sm">
        {t('shortcuts.note')}
      </Text>
    </Modal>
  );
}

/** The header's button that opens the shortcuts dialog. */
export function ShortcutsButton({ onOpen }: { onOpen: () => void }) {
  const { t } = useTranslation('exam');
  return (
    <ActionIcon
      variant="default"
      size="lg"
      onClick={onOpen}
      aria-label={t('shortcuts.open')}
      aria-keyshortcuts="Shift+?"
      data-testid="shortcuts-button"
    >
      <Text component="span" fw={700} aria-hidden="true">
        ?
      </Text>
    </ActionIcon>
  );
}
