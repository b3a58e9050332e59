import { QuarterlyReviewScreen } from '@/features/quarterly-review/components/quarterly-review-screen';

export default function QuarterlyReviewRoute() {
  return <QuarterlyReviewScreen />;
}
