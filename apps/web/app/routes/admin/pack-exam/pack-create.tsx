import { PackCreatePage } from '../../../features/practice-tests';

export default function PackCreateRoute() {
  return <PackCreatePage />;
}
