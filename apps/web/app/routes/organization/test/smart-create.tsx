import { TestCreatePage } from '../../../features/tests';

export default function SmartTestCreateRoute() {
  return <TestCreatePage kind="smart" />;
}
