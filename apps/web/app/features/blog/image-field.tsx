import type { Media } from '@prepwise/contract';
import { ImageUploadField } from '../../components/image-upload-field';
import { useTranslation } from '../../lib/i18n-react';
import { uploadImage } from '../pages';

/** A post's image in the platform's media, uploaded as soon as it is chosen. */
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
  return (
    <ImageUploadField
      label={label}
      description={description}
      url={value?.url ?? null}
      upload={(file) => uploadImage(file)}
      onChange={onChange}
      size={{ w: 160, h: 90 }}
      testId={testId}
      texts={{
        alt: t('posts.imagePreview'),
        none: t('posts.noImage'),
        choose: t('posts.chooseImage'),
        replace: t('posts.replaceImage'),
        remove: t('posts.removeImage'),
      }}
    />
  );
}
