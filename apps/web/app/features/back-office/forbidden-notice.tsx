import { Alert } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { looseT } from '../../lib/i18n';
import { useTranslation } from '../../lib/i18n-react';
import { FORBIDDEN_PARAM, findRouteAccess, isBackOfficePath } from '../../lib/route-access';

/**
 * The notice a back-office home shows after the route guard sent the user away from a page their
 * role does not open (`?forbidden=/organization/staffs/role`), naming the permission it needs.
 */
export function ForbiddenNotice() {
  const { t } = useTranslation('portal');
  const admin = looseT(useTranslation('admin').t);
  const [params, setParams] = useSearchParams();
  const path = params.get(FORBIDDEN_PARAM);
  if (!path || !isBackOfficePath(path)) return null;
  const access = findRouteAccess(path);
  const permission = access?.kind === 'authenticated' ? access.permission : undefined;
  const match = permission ? /^(view|create|update|delete)_(.+)$/.exec(permission) : null;
  const label = match
    ? `${admin(`permissions.resources.${match[2]}`)} · ${admin(`permissions.actions.${match[1]}`)}`
    : null;
  const dismiss = () => {
    const next = new URLSearchParams(params);
    next.delete(FORBIDDEN_PARAM);
    setParams(next, { replace: true, preventScrollReset: true });
  };
  return (
    <Alert
      color="orange"
      variant="light"
      title={t('forbidden.title')}
      withCloseButton
      closeButtonLabel={t('forbidden.dismiss')}
      onClose={dismiss}
      mb="lg"
      role="alert"
      data-testid="forbidden-notice"
    >
      {label
        ? t('forbidden.needsPermission', { path, permission: label })
        : access?.kind === 'authenticated' && access.owner
          ? t('forbidden.needsOwner', { path })
          : t('forbidden.needsAccess', { path })}
    </Alert>
  );
}
