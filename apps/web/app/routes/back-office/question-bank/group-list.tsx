import { GroupListPage } from '../../../features/question-bank';

export default function GroupListRoute() {
  return <GroupListPage />;
}
