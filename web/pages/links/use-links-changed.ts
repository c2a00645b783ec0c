import { trpc } from '../../lib/trpc.ts';

/** Refreshes what depends on the links: both lists, and the test-data banner (it counts them). */
export function useLinksChanged() {
  const utils = trpc.useUtils();
  return async () => {
    await Promise.all([utils.links.invalidate(), utils.profile.testDataStatus.invalidate()]);
  };
}
