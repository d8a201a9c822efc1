import { describe, expect, it } from "vitest";
import { createLimiter } from "~db/concurrency";

/** A task that runs until the test releases it, recording when it started. */
function deferredTasks(count: number) {
  const started: number[] = [];
  const release: (() => void)[] = [];
  let running = 0;
  let mostAtOnce = 0;
  const tasks = Array.from({ length: count }, (_, i) => () => {
    started.push(i);
    running++;
    mostAtOnce = Math.max(mostAtOnce, running);
    return new Promise<number>((resolve) => {
      release[i] = () => {
        running--;
        resolve(i);
      };
    });
  });
  return { tasks, started, release, running: () => running, mostAtOnce: () => mostAtOnce };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("createLimiter (the password hashing queue)", () => {
  it("never runs more than its limit at once, and starts and completes every call in order", async () => {
    const limited = createLimiter(2);
    const { tasks, started, release, running, mostAtOnce } = deferredTasks(7);
    const finished: number[] = [];
    const all = tasks.map((task) => limited(task).then((value) => finished.push(value)));

    await settle();
    expect(started).toEqual([0, 1]);
    for (let i = 0; i < tasks.length; i++) {
      expect(running()).toBeLessThanOrEqual(2);
      release[i]!();
      await settle();
    }
    await Promise.all(all);
    expect(mostAtOnce()).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(finished).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it("frees the slot of a task that fails, and passes its error on", async () => {
    const limited = createLimiter(1);
    const failing = limited(() => Promise.reject(new Error("boom")));
    const next = limited(() => Promise.resolve("ran"));
    await expect(failing).rejects.toThrow("boom");
    await expect(next).resolves.toBe("ran");
  });

  it("refuses a limit below 1", () => {
    expect(() => createLimiter(0)).toThrow(RangeError);
  });
});
