import { Button, FileButton, Group, Input, Text } from '@mantine/core';
import type { Media } from '@prepwise/contract';
import { useState } from 'react';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { useTranslation } from '../../lib/i18n-react';
import { uploadImage } from '../pages';

/** Chooses an image, uploads it at once (PNG, JPEG or WebP up to 5 MB) and shows it. */
export function ImageField({
  label,
  description,
  value,
  onChange,
  testId,
}: {
  label: string;
  description?: string;
  value: Media | null;
  onChange: (media: Media | null) => void;
  testId: string;
}) {
  const { t } = useTranslation('siteAdmin');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const choose = async (file: File | null) => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      onChange(await uploadImage(file));
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Input.Wrapper label={label} description={description} data-testid={testId}>
      <Group gap="sm" mt={6} align="center">
        {value ? (
          <img
            src={value.url}
            alt={t('posts.imagePreview')}
            width={160}
            height={90}
            style={{
              objectFit: 'cover',
              borderRadius: 8,
              border: '1px solid var(--mantine-color-default-border)',
            }}
          />
        ) : (
          <Text size="sm" c="dimmed">
            {t('posts.noImage')}
          </Text>
        )}
        <FileButton onChange={choose} accept="image/png,image/jpeg,image/webp">
          {(props) => (
            <Button {...props} variant="default" size="sm" loading={busy}>
              {value ? t('posts.replaceImage') : t('posts.chooseImage')}
            </Button>
          )}
        </FileButton>
        {value ? (
          <Button variant="subtle" color="red" size="sm" onClick={() => onChange(null)}>
            {t('posts.removeImage')}
          </Button>
        ) : null}
      </Group>
      {error ? (
        <div style={{ marginTop: 8 }}>
          <ApiErrorAlert error={error} />
        </div>
      ) : null}
    </Input.Wrapper>
  );
}
