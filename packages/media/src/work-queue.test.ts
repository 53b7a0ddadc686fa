import { describe, expect, it } from 'vitest';
import { QueueFullError, WorkQueue } from './work-queue.ts';

/** A task that runs until the test releases it. */
function held() {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return { task: () => done, release };
}

describe('WorkQueue', () => {
  it('runs at most `concurrency` tasks, queues up to `maxQueued`, refuses beyond at once, in arrival order', async () => {
    const queue = new WorkQueue({ concurrency: 2, maxQueued: 2 });
    const order: string[] = [];
    const [a, b, c, d] = [held(), held(), held(), held()];
    const running = [
      queue.run(a.task).then(() => order.push('a')),
      queue.run(b.task).then(() => order.push('b')),
      queue.run(async () => (order.push('c started'), c.task())),
      queue.run(async () => (order.push('d started'), d.task())),
    ];
    expect({ active: queue.active, queued: queue.queued }).toEqual({ active: 2, queued: 2 });
    await expect(queue.run(async () => 'never')).rejects.toBeInstanceOf(QueueFullError);
    expect(order).toEqual([]);

    a.release();
    await running[0];
    await Promise.resolve();
    // a's slot went to c, the first in line; d still waits.
    expect(order.toSorted()).toEqual(['a', 'c started']);
    expect({ active: queue.active, queued: queue.queued }).toEqual({ active: 2, queued: 1 });

    b.release();
    c.release();
    d.release();
    await Promise.all(running);
    expect(order).toContain('d started');
    expect({ active: queue.active, queued: queue.queued }).toEqual({ active: 0, queued: 0 });
  });

  it('a failing task frees its slot', async () => {
    const queue = new WorkQueue({ concurrency: 1, maxQueued: 0 });
    await expect(queue.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(queue.active).toBe(0);
    await expect(queue.run(async () => 'ok')).resolves.toBe('ok');
  });
});
