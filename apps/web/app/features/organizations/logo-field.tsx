import type { Media } from '@prepwise/contract';
import { ImageUploadField } from '../../components/image-upload-field';
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
  return (
    <ImageUploadField
      label={t('logo.label')}
      description={t('logo.hint')}
      error={error}
      url={value || null}
      upload={upload}
      onChange={(media) => onChange(media?.url ?? '')}
      size={{ w: 72, h: 72 }}
      fit="contain"
      testId="organization-logo-field"
      previewTestId="organization-logo"
      texts={{
        alt: t('logo.alt'),
        none: t('logo.none'),
        choose: t('logo.choose'),
        replace: t('logo.replace'),
        remove: t('logo.remove'),
      }}
    />
  );
}
