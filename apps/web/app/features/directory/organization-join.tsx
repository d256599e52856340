import { Button, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../../lib/i18n-react';

/**
 * How to join the organization as a student, on /organizations/{slug}. The join link that the portal
 * hands out is this page with `?code=…`: the button carries the code on to /join-organization, where a
 * signed-in learner (the guard asks a visitor to sign in first) confirms it. The form itself stays off
 * this public page, which keeps its light JavaScript budget. A learner who already studies there is told so.
 */
export function OrganizationJoin({ slug, name, member }: { slug: string; name: string; member: boolean }) {
  const { t } = useTranslation('directory');
  const [params] = useSearchParams();
  const code = params.get('code')?.trim();
  if (member) {
    return (
      <section aria-labelledby={`join-${slug}`} data-testid="organization-member">
        <Title order={2} size="h4" mt="xl" mb="xs" id={`join-${slug}`}>
          {t('detail.memberTitle')}
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {t('detail.memberText', { name })}
        </Text>
        <Button component={Link} to="/profile" variant="light">
          {t('detail.memberAction')}
        </Button>
      </section>
    );
  }
  const target = code ? `/join-organization?code=${encodeURIComponent(code)}` : '/join-organization';
  return (
    <section aria-labelledby={`join-${slug}`} data-testid="organization-join">
      <Title order={2} size="h4" mt="xl" mb="xs" id={`join-${slug}`}>
        {t('detail.joinTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {code ? t('detail.joinWithCode', { code }) : t('detail.joinText')}
      </Text>
      <Button component={Link} to={target}>
        {t('detail.joinAction')}
      </Button>
    </section>
  );
}
