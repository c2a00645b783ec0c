import type { FastifyInstance } from 'fastify';
import type { CountQueue } from '../lib/count-batcher.ts';
import type { AppDeps } from '../lib/app-deps.ts';
import { createUniqueVisitorRecorder, type UniqueVisitorRecorder } from './unique-visitors.ts';
import { createVisitDescriber, type DescribeVisit } from './visit.ts';

/** What public pages and short links share to record a counted visit: its facts and its visitor. */
export interface VisitRecording {
  describe: DescribeVisit;
  uniques: UniqueVisitorRecorder;
  /** How counted views and hits wait while the database is away: groups held in memory, then the spill folder. */
  queueOptions: { maxQueued: number; spillDir: string };
  /** Every counter's queue by name (visitors, views, hits), as each recorder adds its own: health and metrics read them. */
  countQueues: Map<string, CountQueue>;
}

export async function createVisitRecording(app: FastifyInstance, deps: AppDeps): Promise<VisitRecording> {
  const uniques = createUniqueVisitorRecorder(deps.db, app.log);
  // registered before the pages' and links' own: their hooks run first, this one still before the database closes
  app.addHook('onClose', () => uniques.flush());
  const { maxGroups, spillDir } = deps.config.countQueue;
  return {
    describe: await createVisitDescriber(deps.config),
    uniques,
    queueOptions: { maxQueued: maxGroups, spillDir },
    countQueues: new Map([['visitors', uniques.queue]]),
  };
}
