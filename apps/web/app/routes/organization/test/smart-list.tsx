import { TestListPage } from '../../../features/practice-tests';

/** /organization/test/smart: the organization's smart tests (papers drawn per student by a blueprint). */
export default function SmartTestListRoute() {
  return <TestListPage kind="smart" />;
}
