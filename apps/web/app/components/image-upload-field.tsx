import { Box, Button, FileButton, Group, Image, Input, Text } from '@mantine/core';
import type { Media } from '@prepwise/contract';
import { useState } from 'react';
import { ApiErrorAlert } from './api-error-alert';

export interface ImageUploadTexts {
  alt: string;
  none: string;
  choose: string;
  replace: string;
  remove: string;
}

/**
 * An image chosen, uploaded at once (PNG, JPEG or WebP up to 5 MB) and shown; the form saves what
 * `onChange` receives (null once removed). An upload's refusal is shown under it.
 */
export function ImageUploadField({
  label,
  description,
  error,
  url,
  upload,
  onChange,
  texts,
  size,
  fit = 'cover',
  testId,
  previewTestId,
}: {
  label: string;
  description?: string;
  error?: string;
  /** The current image's address, if any. */
  url: string | null;
  upload: (file: File) => Promise<Media>;
  onChange: (media: Media | null) => void;
  texts: ImageUploadTexts;
  size: { w: number; h: number };
  fit?: 'cover' | 'contain';
  testId?: string;
  previewTestId?: string;
}) {
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const choose = async (file: File | null) => {
    if (!file) return;
    setBusy(true);
    setFailure(null);
    try {
      onChange(await upload(file));
    } catch (caught) {
      setFailure(caught);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Input.Wrapper label={label} description={description} error={error} data-testid={testId}>
      <Group gap="sm" mt={6} align="center">
        {url ? (
          <Image
            src={url}
            alt={texts.alt}
            w={size.w}
            h={size.h}
            radius="md"
            fit={fit}
            bd="1px solid var(--mantine-color-default-border)"
            data-testid={previewTestId}
          />
        ) : (
          <Text size="sm" c="dimmed">
            {texts.none}
          </Text>
        )}
        <FileButton onChange={choose} accept="image/png,image/jpeg,image/webp">
          {(props) => (
            <Button {...props} variant="default" size="sm" loading={busy}>
              {url ? texts.replace : texts.choose}
            </Button>
          )}
        </FileButton>
        {url ? (
          <Button variant="subtle" color="red" size="sm" onClick={() => onChange(null)}>
            {texts.remove}
          </Button>
        ) : null}
      </Group>
      {failure ? (
        <Box mt="xs">
          <ApiErrorAlert error={failure} />
        </Box>
      ) : null}
    </Input.Wrapper>
  );
}
