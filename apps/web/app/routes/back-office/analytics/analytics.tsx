import '@mantine/charts/styles.css';
import { AnalyticsPage } from '../../../features/analytics';

/** /admin/analytics and /organization/analytics: one page, two scopes (features/analytics/pages.ts). */
export default function AnalyticsRoute() {
  return <AnalyticsPage />;
}
