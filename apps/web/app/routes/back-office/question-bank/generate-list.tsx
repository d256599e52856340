import { JobListPage } from '../../../features/ai-generation';

export default function GenerateListRoute() {
  return <JobListPage />;
}
