import '@mantine/charts/styles.css';
import { AnalyticsPage } from '../../../features/analytics';

/** /admin/analytics, declared again as /organization/analytics (decision 013): one page, two scopes. */
export default function AnalyticsRoute() {
  return <AnalyticsPage />;
}
