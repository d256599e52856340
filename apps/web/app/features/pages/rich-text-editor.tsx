import { Input, Skeleton } from '@mantine/core';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from '../../lib/i18n-react';
import { useHydrated } from '../../lib/use-hydrated';

const CkEditorField = lazy(() => import('./ckeditor-field'));

/**
 * The rich-text field of the admin forms: CKEditor 5, fetched only when an editor page renders
 * it in the browser (never during the server render, never on public pages).
 */
export function RichTextEditor({
  label,
  value,
  onChange,
  error,
  required,
}: {
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: ReactNode;
  required?: boolean;
}) {
  const hydrated = useHydrated();
  const { i18n } = useTranslation();
  const placeholder = <Skeleton height={320} radius="md" aria-hidden="true" />;
  return (
    <Input.Wrapper label={label} error={error} withAsterisk={required} data-testid="rich-text-editor">
      <div style={{ marginTop: 4 }}>
        {hydrated ? (
          <Suspense fallback={placeholder}>
            <CkEditorField value={value} onChange={onChange} label={label} language={i18n.language} />
          </Suspense>
        ) : (
          placeholder
        )}
      </div>
    </Input.Wrapper>
  );
}
