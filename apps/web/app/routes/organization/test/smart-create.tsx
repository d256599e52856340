import { TestCreatePage } from '../../../features/practice-tests';

export default function SmartTestCreateRoute() {
  return <TestCreatePage kind="smart" />;
}
