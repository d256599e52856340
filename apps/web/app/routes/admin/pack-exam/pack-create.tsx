import { PackCreatePage } from '../../../features/tests';

export default function PackCreateRoute() {
  return <PackCreatePage />;
}
