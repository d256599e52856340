import type { SessionUser } from '@prepwise/contract';

/*
 * The shapes of `/api/educator/dashboard` and `/api/educator/organization` (EducatorDashboard and
 * OrganizationProfile of the contract, added with the educator API).
 */
type OrganizationStatus = NonNullable<SessionUser['organization']>['status'];

export interface EducatorDashboard {
  organization: {
    id: string;
    name: string;
    slug: string;
    status: OrganizationStatus;
    suspended_at: string | null;
    suspension_reason: string | null;
  };
  students: number;
  classes: number;
  tests: number;
  attempts_this_week: number;
  week_start: string;
  latest_results: Array<{
    attempt_id: string;
    student: { id: string; full_name: string };
    test: { id: string; title: string };
    score: number | null;
    max_score: number | null;
    submitted_at: string;
  }> | null;
}

export interface OrganizationProfile {
  id: string;
  name: string;
  slug: string;
  email: string;
  phone: string | null;
  address: string | null;
  website: string | null;
  description: string | null;
  logo_url: string | null;
  is_listed: boolean;
  join_code: string | null;
  status: OrganizationStatus;
  suspended_at: string | null;
  suspension_reason: string | null;
  owner: { id: string; full_name: string; email: string } | null;
  created_at: string;
}

export interface OrganizationProfileBody {
  name: string;
  email: string;
  phone?: string | null;
  address?: string | null;
  website?: string | null;
  description?: string | null;
  logo_url?: string | null;
  is_listed: boolean;
}
