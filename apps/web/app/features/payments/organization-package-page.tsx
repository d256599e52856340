import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  FREE_TIER_GRACE_DAYS,
  type OrganizationPackage,
  type OrganizationPlan,
  type PackageLimits,
} from '@prepwise/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { QueryState, ServerErrorAlert } from '../../components/admin-ui';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { PageHeader } from '../../components/page-header';
import { formatDateTime } from '../../lib/format';
import { useTranslation } from '../../lib/i18n-react';
import { buyOrganizationPackage, readOrganizationReturn, useOrganizationPlan } from './api';
import { formatVnd } from './format';
import { OrderStatusBadge } from './order-bits';
import { packageName } from './package-pages';

const LIMITS = [
  'student_seats',
  'staff_accounts',
  'tests',
  'ai_credits',
] as const satisfies readonly (keyof PackageLimits)[];
const STATUS_COLORS = { active: 'teal', grace: 'orange', free: 'gray' } as const;

/** The gateway's answer on coming back (?vnp_TxnRef=…): the order's real state, re-read until settled. */
function ReturnNotice({ search }: { search: string }) {
  const { t } = useTranslation('payments');
  const client = useQueryClient();
  const result = useQuery({
    queryKey: ['organization', 'payment-return', search],
    queryFn: () => readOrganizationReturn(search),
    refetchInterval: (query) => (query.state.data?.order.status === 'pending' ? 2000 : false),
  });
  const status = result.data?.order.status;
  useEffect(() => {
    if (status === 'paid') void client.invalidateQueries({ queryKey: ['organization', 'package'] });
  }, [status, client]);
  if (result.error) return <ApiErrorAlert error={result.error} />;
  if (!result.data) return null;
  const { order } = result.data;
  const color = status === 'paid' ? 'teal' : status === 'pending' ? 'blue' : 'red';
  return (
    <Alert
      color={color}
      variant="light"
      data-testid="package-payment-result"
      title={t(`result.${order.status}`)}
      icon={status === 'pending' ? <Loader size="xs" /> : undefined}
    >
      <Group gap="xs">
        <Text size="sm">
          {status === 'paid'
            ? t('organization.paidText', { code: order.code })
            : t(`result.${order.status}Text`, { code: order.code })}
        </Text>
        <OrderStatusBadge order={order} />
      </Group>
      {result.data.signature_valid ? null : (
        <Text size="sm" mt="xs">
          {t('result.invalidText')}
        </Text>
      )}
    </Alert>
  );
}

function UsageCard({ plan }: { plan: OrganizationPlan }) {
  const { t, i18n } = useTranslation('payments');
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="current-package">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              {t('organization.current')}
            </Text>
            <Title order={2} size="h3">
              {plan.package ? packageName(plan.package, i18n.language) : t('organization.freeTier')}
            </Title>
          </Stack>
          <Badge size="lg" variant="light" color={STATUS_COLORS[plan.status]} data-testid="package-status">
            {t(`organization.status.${plan.status}`)}
          </Badge>
        </Group>
        {plan.period_end ? (
          <Text size="sm">
            {plan.status === 'active'
              ? t('organization.activeUntil', { date: formatDateTime(plan.period_end, i18n.language) })
              : t('organization.endedOn', {
                  date: formatDateTime(plan.period_end, i18n.language),
                  grace: formatDateTime(plan.grace_end ?? plan.period_end, i18n.language),
                })}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            {t('organization.freeTierText', { days: FREE_TIER_GRACE_DAYS })}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {LIMITS.map((limit) => {
            const used = plan.usage[limit];
            const allowed = plan.limits[limit];
            const full = used >= allowed;
            return (
              <Stack key={limit} gap={4} data-testid={`usage-${limit}`}>
                <Group justify="space-between">
                  <Text size="sm" fw={600}>
                    {t(`packages.limits.${limit}`)}
                  </Text>
                  <Text size="sm" c={full ? 'red' : undefined}>
                    {t('organization.usage', { used, allowed })}
                  </Text>
                </Group>
                <Progress
                  value={allowed > 0 ? Math.min(100, (used / allowed) * 100) : 100}
                  color={full ? 'red' : used / Math.max(allowed, 1) > 0.8 ? 'orange' : 'teal'}
                  aria-label={t(`packages.limits.${limit}`)}
                />
              </Stack>
            );
          })}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

function PackageCard({ pkg, plan }: { pkg: OrganizationPackage; plan: OrganizationPlan }) {
  const { t, i18n } = useTranslation('payments');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const current = plan.package?.id === pkg.id && plan.status !== 'free';
  const name = packageName(pkg, i18n.language);
  const buy = async () => {
    setPending(true);
    setError(null);
    try {
      const checkout = await buyOrganizationPackage(pkg.id);
      if (checkout.payment_url) window.location.assign(checkout.payment_url);
    } catch (caught) {
      setError(caught);
      setPending(false);
    }
  };
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="package-offer">
      <Stack gap="xs" h="100%">
        <Group justify="space-between">
          <Title order={3} size="h4">
            {name}
          </Title>
          {current ? (
            <Badge variant="light" color="teal">
              {t('organization.yours')}
            </Badge>
          ) : null}
        </Group>
        <Text fw={800} size="xl">
          {formatVnd(pkg.price_vnd)}
        </Text>
        <Text size="sm" c="dimmed">
          {t('organization.perPeriod', { count: pkg.period_months })}
        </Text>
        <Stack gap={2} style={{ flex: 1 }}>
          {LIMITS.map((limit) => (
            <Text size="sm" key={limit}>
              {t(`organization.offer.${limit}`, { count: pkg[limit] })}
            </Text>
          ))}
        </Stack>
        {error ? <ServerErrorAlert error={error} /> : null}
        {plan.is_owner ? (
          <Button
            onClick={() => void buy()}
            loading={pending}
            variant={current ? 'filled' : 'light'}
            aria-label={t(current ? 'organization.renewNamed' : 'organization.buyNamed', { name })}
          >
            {current ? t('organization.renew') : t('organization.buy')}
          </Button>
        ) : null}
      </Stack>
    </Card>
  );
}

/** /organization/package: the organization's package, what it uses of each limit, buying and renewing. */
export function OrganizationPackagePage() {
  const { t } = useTranslation('payments');
  const plan = useOrganizationPlan();
  const { search } = useLocation();
  const returned = new URLSearchParams(search).has('vnp_TxnRef');
  return (
    <>
      <title>{`${t('organization.title')} · Prepwise`}</title>
      <PageHeader
        title={t('organization.title')}
        description={t('organization.description')}
        actions={
          plan.data?.is_owner ? (
            <Button component={Link} to="/organization/transactions" variant="default">
              {t('organization.transactionsTitle')}
            </Button>
          ) : undefined
        }
      />
      <Stack gap="lg">
        {returned ? <ReturnNotice search={search} /> : null}
        <QueryState query={plan}>
          {(data) => (
            <Stack gap="lg">
              <UsageCard plan={data} />
              <Title order={2} size="h4">
                {t('organization.catalogue')}
              </Title>
              {data.is_owner ? null : (
                <Alert color="gray" variant="light">
                  {t('organization.ownerBuys')}
                </Alert>
              )}
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
                {data.catalogue.map((pkg) => (
                  <PackageCard key={pkg.id} pkg={pkg} plan={data} />
                ))}
              </SimpleGrid>
            </Stack>
          )}
        </QueryState>
      </Stack>
    </>
  );
}
