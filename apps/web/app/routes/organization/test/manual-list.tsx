import { TestListPage } from '../../../features/practice-tests';

/** /organization/test/manual: the organization's tests whose questions are picked by hand. */
export default function ManualTestListRoute() {
  return <TestListPage kind="manual" />;
}
