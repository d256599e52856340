import { GroupCreatePage } from '../../../features/question-bank';

export default function GroupCreateRoute() {
  return <GroupCreatePage />;
}
