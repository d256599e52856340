import 'ckeditor5/ckeditor5.css';
import './ckeditor-theme.css';
import { CKEditor } from '@ckeditor/ckeditor5-react';
import { API_BASE, type Media } from '@prepwise/contract';
import {
  Autoformat,
  BlockQuote,
  Bold,
  ClassicEditor,
  type Editor,
  Essentials,
  FileRepository,
  Heading,
  Image,
  ImageCaption,
  ImageTextAlternative,
  ImageToolbar,
  ImageUpload,
  Italic,
  Link,
  List,
  Paragraph,
  Table,
  TableToolbar,
} from 'ckeditor5';
import viTranslations from 'ckeditor5/translations/vi.js';

/*
 * The heavy part of the rich-text editor: loaded with React.lazy from rich-text-editor.tsx, so
 * CKEditor (GPL build) only ever downloads on the admin editor pages.
 */

/** Sends pasted or chosen images to POST /api/admin/media and inserts the stored file's URL. */
class MediaUploadAdapter {
  private controller = new AbortController();
  constructor(private readonly loader: { file: Promise<File | null> }) {}

  async upload(): Promise<{ default: string }> {
    const file = await this.loader.file;
    if (!file) throw new Error('No file');
    const form = new FormData();
    form.append('file', file);
    const response = await fetch(`${API_BASE}/admin/media`, {
      method: 'POST',
      body: form,
      credentials: 'include',
      signal: this.controller.signal,
    });
    const payload = (await response.json().catch(() => null)) as { result?: Media; message?: string } | null;
    if (!response.ok || !payload?.result) throw payload?.message ?? `Upload failed (${response.status})`;
    return { default: payload.result.url };
  }

  abort() {
    this.controller.abort();
  }
}

function MediaUploadPlugin(editor: Editor) {
  editor.plugins.get(FileRepository).createUploadAdapter = (loader) =>
    new MediaUploadAdapter(loader as unknown as { file: Promise<File | null> });
}

export interface CkEditorFieldProps {
  value: string;
  onChange: (html: string) => void;
  label: string;
  language: string;
}

/** CKEditor's own Vietnamese strings (it ships them); English is built in. */
const VI_DICTIONARY = (viTranslations as unknown as { vi: { dictionary: Record<string, string> } }).vi
  .dictionary;

export default function CkEditorField({ value, onChange, label, language }: CkEditorFieldProps) {
  const vi = language === 'vi';
  // The heading choices are ours, so CKEditor does not translate their titles: take its words.
  const title = (text: string) => (vi ? (VI_DICTIONARY[text] ?? text) : text);
  return (
    <CKEditor
      editor={ClassicEditor}
      data={value}
      config={{
        licenseKey: 'GPL',
        language: { ui: vi ? 'vi' : 'en', content: language },
        // An empty list breaks CKEditor's constructor (it reduces the list): English needs none.
        ...(vi ? { translations: [viTranslations] } : {}),
        plugins: [
          Essentials,
          Autoformat,
          Paragraph,
          Heading,
          Bold,
          Italic,
          Link,
          List,
          BlockQuote,
          Image,
          ImageToolbar,
          ImageCaption,
          ImageTextAlternative,
          ImageUpload,
          Table,
          TableToolbar,
        ],
        extraPlugins: [MediaUploadPlugin],
        toolbar: [
          'heading',
          '|',
          'bold',
          'italic',
          'link',
          'bulletedList',
          'numberedList',
          'blockQuote',
          '|',
          'uploadImage',
          'insertTable',
          '|',
          'undo',
          'redo',
        ],
        heading: {
          options: [
            { model: 'paragraph', title: title('Paragraph'), class: 'ck-heading_paragraph' },
            { model: 'heading2', view: 'h2', title: title('Heading 2'), class: 'ck-heading_heading2' },
            { model: 'heading3', view: 'h3', title: title('Heading 3'), class: 'ck-heading_heading3' },
          ],
        },
        image: { toolbar: ['imageTextAlternative', 'toggleImageCaption'] },
        table: { contentToolbar: ['tableColumn', 'tableRow', 'mergeTableCells'] },
      }}
      onReady={(editor) => {
        editor.editing.view.change((writer) => {
          const root = editor.editing.view.document.getRoot();
          if (root) writer.setAttribute('aria-label', label, root);
        });
      }}
      onChange={(_event, editor) => onChange(editor.getData())}
    />
  );
}
