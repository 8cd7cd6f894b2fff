import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { ReviewQueue } from '@lib/review.js';
import type { AdminDataProvider } from '../../dataProvider/index.js';

/** The react-query key of the review queue: the dashboard's lists and the menu's counts share one read. */
export const REVIEW_QUEUE_KEY = ['review', 'queue'] as const;

export function useReviewQueue() {
  const dataProvider = useDataProvider<AdminDataProvider>();
  return useQuery<ReviewQueue>({ queryKey: REVIEW_QUEUE_KEY, queryFn: async () => (await dataProvider.getReviewQueue()).data });
}

/** How many of the signed-in user's drafts a MANAGER returned for rework, by resource (the menu's counts). */
export function useReturnedDrafts(): ReadonlyMap<string, number> {
  const mine = useReviewQueue().data?.mine ?? [];
  const counts = new Map<string, number>();
  for (const entry of mine) if (entry.review_state === 'changes_requested') counts.set(entry.resource, (counts.get(entry.resource) ?? 0) + 1);
  return counts;
}
