/** The admin's organization pages (seed-spec routes under /admin/organization-management). */
const LIST = '/admin/organization-management/list';
const QUEUE = '/admin/organization-management/approve';

export const ORGANIZATION_PATHS = {
  list: LIST,
  create: `${LIST}/create`,
  queue: QUEUE,
  detail: (id: string, tab?: string) => `${LIST}/${id}${tab ? `?tab=${tab}` : ''}`,
  edit: (id: string) => `${LIST}/${id}/edit`,
  review: (id: string) => `${QUEUE}/${id}/detail`,
  /** Below it: `/create`, `/{staffId}/edit`, `/{staffId}/detail`. */
  staff: (id: string) => `${LIST}/${id}/staff`,
  /** The page of one of its students (built with the organization's students). */
  student: (id: string, studentId: string) => `${LIST}/${id}/${studentId}`,
} as const;
