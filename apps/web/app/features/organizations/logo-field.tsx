import { Button, FileButton, Group, Image, Input, Text } from '@mantine/core';
import type { Media } from '@prepwise/contract';
import { useState } from 'react';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { useTranslation } from '../../lib/i18n-react';

/** An organization's logo: an image uploaded to the organization's media at once, then saved with the form. */
export function LogoField({
  upload,
  value,
  onChange,
  error,
}: {
  /** Stores the chosen image in the organization's media. */
  upload: (file: File) => Promise<Media>;
  value: string;
  onChange: (url: string) => void;
  error?: string;
}) {
  const { t } = useTranslation('organizations');
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const choose = async (file: File | null) => {
    if (!file) return;
    setBusy(true);
    setFailure(null);
    try {
      onChange((await upload(file)).url);
    } catch (caught) {
      setFailure(caught);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Input.Wrapper label={t('logo.label')} description={t('logo.hint')} error={error}>
      <Group gap="sm" mt={6} align="center">
        {value ? (
          <Image
            src={value}
            alt={t('logo.alt')}
            w={72}
            h={72}
            radius="md"
            fit="contain"
            bd="1px solid var(--mantine-color-default-border)"
            data-testid="organization-logo"
          />
        ) : (
          <Text size="sm" c="dimmed">
            {t('logo.none')}
          </Text>
        )}
        <FileButton onChange={choose} accept="image/png,image/jpeg,image/webp">
          {(props) => (
            <Button {...props} variant="default" size="sm" loading={busy}>
              {value ? t('logo.replace') : t('logo.choose')}
            </Button>
          )}
        </FileButton>
        {value ? (
          <Button variant="subtle" color="red" size="sm" onClick={() => onChange('')}>
            {t('logo.remove')}
          </Button>
        ) : null}
      </Group>
      {failure ? <ApiErrorAlert error={failure} /> : null}
    </Input.Wrapper>
  );
}
