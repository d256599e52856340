import { Button, FileButton, Group, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Media } from '@prepwise/contract';
import { ServerErrorAlert } from '../../components/admin-ui';
import { useTranslation } from '../../lib/i18n-react';
import { useUploadMedia } from './api';

const ACCEPT = {
  audio: 'audio/mpeg,audio/ogg,audio/mp4,audio/x-m4a,.mp3,.ogg,.m4a',
  image: 'image/png,image/jpeg,image/webp',
};

/** Upload (POST /admin/media), then play the clip or show the picture; remove to detach. */
export function MediaField({
  kind,
  value,
  onChange,
  error,
  label,
  uploadPath,
}: {
  kind: 'audio' | 'image';
  value: Media | null;
  onChange: (media: Media | null) => void;
  error?: string;
  label: string;
  /** The scope's upload route, when not /media. */
  uploadPath?: string;
}) {
  const { t } = useTranslation('content');
  const upload = useUploadMedia(uploadPath);
  return (
    <Stack gap={6} data-testid={`media-${kind}`}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      {value ? (
        kind === 'audio' ? (
          // biome-ignore lint/a11y/useMediaCaption: authoring preview; the transcript is a separate field
          <audio
            controls
            src={value.url}
            preload="none"
            style={{ width: '100%' }}
            data-testid="audio-player"
          />
        ) : (
          <Image
            src={value.url}
            alt={value.original_name ?? label}
            mah={200}
            w="auto"
            fit="contain"
            radius="sm"
          />
        )
      ) : null}
      <Group gap="xs">
        <FileButton
          accept={ACCEPT[kind]}
          onChange={(file) => {
            if (file) upload.mutate(file, { onSuccess: (media) => onChange(media) });
          }}
        >
          {(props) => (
            <Button {...props} variant="light" size="xs" loading={upload.isPending}>
              {value
                ? t('media.replace')
                : kind === 'audio'
                  ? t('media.uploadAudio')
                  : t('media.uploadImage')}
            </Button>
          )}
        </FileButton>
        {value ? (
          <Button variant="subtle" color="red" size="xs" onClick={() => onChange(null)}>
            {t('media.remove')}
          </Button>
        ) : null}
        <Text size="xs" c="dimmed">
          {value?.original_name ?? (kind === 'audio' ? t('media.audioHint') : t('media.imageHint'))}
        </Text>
      </Group>
      {upload.error ? <ServerErrorAlert error={upload.error} /> : null}
      {error ? (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}

/** A bank item's audio and image, side by side (errors under the API's `audio_id` and `image_id`). */
export function MediaFields({
  value,
  onChange,
  errors,
}: {
  value: { audio: Media | null; image: Media | null };
  onChange: (patch: { audio: Media | null } | { image: Media | null }) => void;
  errors: Record<string, string | undefined>;
}) {
  const { t } = useTranslation('content');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <MediaField
        kind="audio"
        label={t('fields.audio')}
        value={value.audio}
        onChange={(audio) => onChange({ audio })}
        error={errors.audio_id}
      />
      <MediaField
        kind="image"
        label={t('fields.image')}
        value={value.image}
        onChange={(image) => onChange({ image })}
        error={errors.image_id}
      />
    </SimpleGrid>
  );
}
