/**
 * A first-come, first-served queue that runs at most `limit` tasks at once; the others wait their
 * turn. A finished task hands its slot straight to the next waiter, so none can overtake.
 */
export function createLimiter(limit: number) {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError("A limiter needs a limit of at least 1");
  let active = 0;
  const waiting: (() => void)[] = [];

  return async function limited<T>(task: () => Promise<T>): Promise<T> {
    if (active < limit) active++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
}
