import { SingleGeneratePage } from '../../../features/ai-generation';

export default function SingleAiRoute() {
  return <SingleGeneratePage />;
}
