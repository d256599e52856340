import { ReviewListPage } from '../../../features/ai-generation';

export default function AiReviewListRoute() {
  return <ReviewListPage />;
}
