import { ApiError } from './envelope';

/**
 * At most `concurrency` tasks at once and `queue` waiting; a task past that is refused at once
 * (503 with Retry-After) instead of waiting behind a flood.
 */
export class Gate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly concurrency: number,
    private readonly queue: number,
  ) {}

  /** True when a task would be refused now: every slot taken and the queue full. */
  get full(): boolean {
    return this.running >= this.concurrency && this.waiting.length >= this.queue;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.queue) throw busy();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await task();
    } finally {
      // The slot passes straight to the next waiter, so `running` never dips while some wait.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

export const busy = () =>
  new ApiError(503, 'The server is busy signing people in. Try again in a moment.', undefined, { 'Retry-After': '1' });
