import { LearnerListPage } from '../../../features/learners';

export default function AdminLearnerListRoute() {
  return <LearnerListPage />;
}
