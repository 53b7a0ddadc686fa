/** Thrown at once when the queue is full: the caller should answer "busy, try again" rather than wait. */
export class QueueFullError extends Error {
  constructor() {
    super('work queue full');
  }
}

/**
 * At most `concurrency` tasks run at a time; up to `maxQueued` more wait their turn in arrival order, and any
 * beyond that are refused with QueueFullError. A finished task hands its slot straight to the next in line.
 */
export class WorkQueue {
  readonly concurrency: number;
  readonly maxQueued: number;
  #active = 0;
  #waiting: (() => void)[] = [];

  constructor(options: { concurrency: number; maxQueued: number }) {
    if (options.concurrency < 1) throw new Error('concurrency must be at least 1');
    this.concurrency = options.concurrency;
    this.maxQueued = options.maxQueued;
  }

  /** Tasks running now. */
  get active(): number {
    return this.#active;
  }

  /** Tasks waiting for a slot. */
  get queued(): number {
    return this.#waiting.length;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#active < this.concurrency) this.#active++;
    else if (this.#waiting.length >= this.maxQueued) throw new QueueFullError();
    else await new Promise<void>((resolve) => this.#waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#active--;
    }
  }
}
