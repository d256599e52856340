import { GroupGeneratePage } from '../../../features/ai-generation';

export default function GroupAiRoute() {
  return <GroupGeneratePage />;
}
