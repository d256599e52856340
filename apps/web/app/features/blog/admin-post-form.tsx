import {
  Button,
  Card,
  Grid,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { BlogPost, Media } from '@prepwise/contract';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiErrorAlert } from '../../components/api-error-alert';
import {
  CreateRecordPage,
  DeleteRecordButton,
  EditRecordPage,
  type RecordPages,
} from '../../components/back-office/form-page';
import { useUnsavedChangesGuard } from '../../components/back-office/unsaved-changes';
import { usePermission } from '../../components/permission-gate';
import { SubmitButton } from '../../components/submit-button';
import { isFieldValidationError } from '../../lib/api-error';
import { useAppForm } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n-react';
import { RichTextEditor } from '../pages';
import { useCategoryOptions, useDeletePost, usePost, useSavePost } from './admin-api';
import { PostStateBadge } from './admin-post-list';
import { ImageField } from './image-field';

const LIST_PATH = '/admin/blog';
type Publication = 'draft' | 'now' | 'schedule';

type PostValues = {
  title: string;
  slug: string;
  category_id: string | null;
  excerpt: string;
  byline: string;
  content: string;
  publication: Publication;
  /** `YYYY-MM-DDTHH:mm` in the browser's time zone (a datetime-local input). */
  scheduled_at: string;
  meta_title: string;
  meta_description: string;
  cover_alt: string;
};

function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

function PostForm({ post }: { post?: BlogPost }) {
  const { t } = useTranslation('siteAdmin');
  const navigate = useNavigate();
  const save = useSavePost(post?.id);
  const remove = useDeletePost(post?.id ?? '');
  const canDelete = usePermission('delete_blog');
  const categories = useCategoryOptions();
  const [cover, setCover] = useState<Media | null>(post?.cover ?? null);
  const [ogImage, setOgImage] = useState<Media | null>(post?.og_image ?? null);
  const form = useAppForm<PostValues>({
    initialValues: {
      title: post?.title ?? '',
      slug: post?.slug ?? '',
      category_id: post?.category?.id ?? null,
      excerpt: post?.excerpt ?? '',
      byline: post?.byline ?? '',
      content: post?.content ?? '',
      publication: post?.state === 'scheduled' ? 'schedule' : post?.state === 'published' ? 'now' : 'draft',
      scheduled_at: post?.state === 'scheduled' ? toLocalInput(post.published_at) : '',
      meta_title: post?.meta_title ?? '',
      meta_description: post?.meta_description ?? '',
      cover_alt: post?.cover_alt ?? '',
    },
    rules: { title: ['required'], content: ['required'] },
    labels: { title: t('fields.title'), content: t('fields.content') },
  });
  const publication = form.values.publication;
  const guard = useUnsavedChangesGuard(
    () =>
      form.isDirty() ||
      (cover?.id ?? null) !== (post?.cover?.id ?? null) ||
      (ogImage?.id ?? null) !== (post?.og_image?.id ?? null),
  );

  const submit = form.onSubmit((values) => {
    if (values.publication === 'schedule' && !values.scheduled_at) {
      form.setFieldError('scheduled_at', 'common.required_field');
      return;
    }
    save.mutate(
      {
        title: values.title,
        slug: values.slug.trim() || null,
        category_id: values.category_id,
        excerpt: values.excerpt.trim() || null,
        byline: values.byline.trim() || null,
        content: values.content,
        cover_id: cover?.id ?? null,
        cover_alt: cover ? values.cover_alt.trim() || null : null,
        og_image_id: ogImage?.id ?? null,
        status: values.publication === 'draft' ? 'draft' : 'published',
        published_at:
          values.publication === 'schedule'
            ? new Date(values.scheduled_at).toISOString()
            : values.publication === 'now' && post?.state === 'scheduled'
              ? new Date().toISOString()
              : null,
        meta_title: values.meta_title.trim() || null,
        meta_description: values.meta_description.trim() || null,
      },
      {
        onSuccess: (saved) => {
          notifications.show({ color: 'teal', message: t(`posts.saved.${saved.state}`) });
          guard.allowLeave();
          navigate(LIST_PATH);
        },
        onError: (error) => form.applyServerErrors(error),
      },
    );
  });

  return (
    <form noValidate onSubmit={submit}>
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Card withBorder radius="lg" padding="lg">
            <Stack gap="md">
              {save.error && !isFieldValidationError(save.error) ? (
                <ApiErrorAlert error={save.error} />
              ) : null}
              <TextInput label={t('fields.title')} withAsterisk {...form.getInputProps('title')} />
              <TextInput
                label={t('fields.slug')}
                description={t('posts.slugHint')}
                {...form.getInputProps('slug')}
              />
              <Textarea
                label={t('fields.excerpt')}
                description={t('posts.excerptHint')}
                autosize
                minRows={2}
                maxRows={4}
                maxLength={500}
                {...form.getInputProps('excerpt')}
              />
              <TextInput
                label={t('fields.byline')}
                description={t('posts.bylineHint')}
                maxLength={80}
                {...form.getInputProps('byline')}
              />
              <RichTextEditor
                label={t('fields.content')}
                required
                value={form.values.content}
                onChange={(html) => form.setFieldValue('content', html)}
                error={form.errorText('content')}
              />
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <Card withBorder radius="lg" padding="lg">
              <Stack gap="sm">
                <Group justify="space-between">
                  <Title order={2} size="h5">
                    {t('posts.publication')}
                  </Title>
                  {post ? <PostStateBadge state={post.state} /> : null}
                </Group>
                <SegmentedControl
                  fullWidth
                  aria-label={t('posts.publication')}
                  data={[
                    { value: 'draft', label: t('posts.asDraft') },
                    { value: 'now', label: t('posts.publishNow') },
                    { value: 'schedule', label: t('posts.schedule') },
                  ]}
                  {...form.getInputProps('publication')}
                />
                {publication === 'schedule' ? (
                  <TextInput
                    type="datetime-local"
                    label={t('fields.publishedAt')}
                    withAsterisk
                    {...form.getInputProps('scheduled_at')}
                  />
                ) : null}
                <Text size="xs" c="dimmed">
                  {t(`posts.publicationHint.${publication}`)}
                </Text>
                <Select
                  label={t('fields.category')}
                  placeholder={t('posts.noCategory')}
                  data={(categories.data?.items ?? []).map((category) => ({
                    value: category.id,
                    label: category.name,
                  }))}
                  clearable
                  {...form.getInputProps('category_id')}
                />
                <ImageField
                  label={t('fields.cover')}
                  value={cover}
                  onChange={setCover}
                  testId="cover-field"
                />
                {cover ? (
                  <TextInput
                    label={t('fields.coverAlt')}
                    description={t('posts.coverAltHint')}
                    maxLength={200}
                    {...form.getInputProps('cover_alt')}
                  />
                ) : null}
                <Group gap="sm" mt="xs">
                  <SubmitButton loading={save.isPending}>{t('save')}</SubmitButton>
                  <Button component={Link} to={LIST_PATH} variant="default">
                    {t('cancel')}
                  </Button>
                </Group>
              </Stack>
            </Card>
            <Card withBorder radius="lg" padding="lg">
              <Stack gap="sm">
                <Title order={2} size="h5">
                  {t('posts.seo')}
                </Title>
                <TextInput
                  label={t('fields.metaTitle')}
                  maxLength={70}
                  description={t('posts.metaTitleHint')}
                  {...form.getInputProps('meta_title')}
                />
                <Textarea
                  label={t('fields.metaDescription')}
                  maxLength={170}
                  autosize
                  minRows={2}
                  {...form.getInputProps('meta_description')}
                />
                <ImageField
                  label={t('fields.ogImage')}
                  description={t('posts.ogImageHint')}
                  value={ogImage}
                  onChange={setOgImage}
                  testId="og-image-field"
                />
              </Stack>
            </Card>
            {post && canDelete ? (
              <DeleteRecordButton
                name={post.title}
                remove={remove}
                label={t('delete')}
                confirmText={t('confirmDelete', { name: post.title })}
                onDeleted={() => {
                  guard.allowLeave();
                  navigate(LIST_PATH);
                }}
              />
            ) : null}
          </Stack>
        </Grid.Col>
      </Grid>
    </form>
  );
}

const adminPostPages: RecordPages<BlogPost> = {
  ns: 'siteAdmin',
  titles: ['posts.createTitle', 'posts.editTitle'],
  back: ['/blog', 'posts.listTitle'],
  useRecord: usePost,
  form: (post) => <PostForm post={post} />,
  card: false,
};

export const AdminPostCreatePage = () => <CreateRecordPage spec={adminPostPages} />;
export const AdminPostEditPage = ({ id }: { id: string }) => <EditRecordPage spec={adminPostPages} id={id} />;
