import type { JobContext, JobHandler, JobQueue, JobType } from './jobs.service.ts';

/**
 * A view of the queue on which several features may each handle the same kinds of job (the payment outcomes, which
 * each feature filters by purpose): their handlers run one after the other in one run of the job, each `context.transaction` a transaction of its
 * own that leaves the job running (the job completes when all have returned), so each must be idempotent, as every
 * handler must be (decision 0007).
 */
export function shareJobKinds(queue: JobQueue, names: readonly string[]): JobQueue {
  const shared = new Map<string, JobHandler<unknown>[]>();
  return {
    ...queue,
    enqueue: (type, payload, options) => queue.enqueue(type, payload, options),
    cancel: (type, key) => queue.cancel(type, key),
    every: (name, seconds, handler) => queue.every(name, seconds, handler),
    runOnce: () => queue.runOnce(),
    start: () => queue.start(),
    stop: () => queue.stop(),
    handle<Payload>(type: JobType<Payload>, handler: JobHandler<Payload>) {
      if (!names.includes(type.name)) return queue.handle(type, handler);
      const handlers = shared.get(type.name);
      if (handlers) {
        handlers.push(handler as JobHandler<unknown>);
        return;
      }
      const list = [handler as JobHandler<unknown>];
      shared.set(type.name, list);
      queue.handle(type, async (payload, context) => {
        // Each handler's transaction is its own: the first to complete the job would leave the others unable to
        // write (a rent payment is collection's and, after on-time rental, protection's too). The job completes once
        // all have returned; a failure runs them all again, which their idempotence allows.
        const own: JobContext = { ...context, transaction: context.separateTransaction };
        for (const each of list) await each(payload, own);
      });
    },
  };
}
