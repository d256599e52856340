import { generatePath, matchRoutes } from 'react-router';
import { pages as account } from '../features/account/pages';
import { pages as adminAccounts } from '../features/admin-accounts/pages';
import { pages as aiGeneration } from '../features/ai-generation/pages';
import { pages as analytics } from '../features/analytics/pages';
import { pages as backOffice } from '../features/back-office/pages';
import { pages as blog } from '../features/blog/pages';
import { pages as examStructure } from '../features/exam-structure/pages';
import { pages as learners } from '../features/learners/pages';
import { pages as marking } from '../features/marking/pages';
import { pages as organizationPortal } from '../features/organization-portal/pages';
import { pages as organizations } from '../features/organizations/pages';
import { pages as sitePages } from '../features/pages/pages';
import { pages as payments } from '../features/payments/pages';
import { pages as tests } from '../features/practice-tests/pages';
import { pages as questionBank } from '../features/question-bank/pages';
import { pages as students } from '../features/students/pages';
import { pages as vocabulary } from '../features/vocabulary/pages';
import { expandPages, type PageManifest, type ScopedPage } from './page-manifest';

/**
 * The page manifests of every feature with back-office pages (lib/page-manifest.ts), in the order
 * their routes are written into routes.ts. A feature's first back-office page adds its manifest here.
 */
export const PAGE_MANIFESTS: readonly PageManifest[] = [
  backOffice,
  organizationPortal,
  account,
  adminAccounts,
  blog,
  sitePages,
  examStructure,
  questionBank,
  aiGeneration,
  tests,
  learners,
  students,
  analytics,
  marking,
  payments,
  vocabulary,
  organizations,
];

/** Every back-office page in every scope it exists in. */
export const BACK_OFFICE_PAGES: readonly ScopedPage[] = expandPages(PAGE_MANIFESTS);

/** The pages of the managed-organization scope, by their path in the declaration (for matchRoutes). */
const MANAGED_ORGANIZATION_PAGES = BACK_OFFICE_PAGES.filter(
  (page) => page.scope === 'managed-organization',
).map((page) => ({ path: `/${page.featurePath}`, page }));

/**
 * Where a feature's page (`/staffs/list/{id}/edit`, a path below `/admin` or `/organization`) is in
 * the admin's scope of one organization, when the feature declares it there
 * (`/admin/organization-management/list/{organizationId}/staff/{id}/edit`); undefined otherwise.
 */
export function managedOrganizationPagePath(organizationId: string, path: string): string | undefined {
  const [, pathname = '', rest = ''] = /^\/?([^?#]*)(.*)$/.exec(path) ?? [];
  const match = matchRoutes(MANAGED_ORGANIZATION_PAGES, `/${pathname}`)?.[0];
  if (!match) return undefined;
  return `${generatePath(match.route.page.pattern, { ...match.params, organizationId })}${rest}`;
}
