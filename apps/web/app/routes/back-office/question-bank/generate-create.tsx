import { JobCreatePage } from '../../../features/ai-generation';

export default function GenerateCreateRoute() {
  return <JobCreatePage />;
}
