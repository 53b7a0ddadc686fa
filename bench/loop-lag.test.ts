import { constants } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { measureLag, pauses } from './loop-lag.ts';

const MINOR = constants.NODE_PERFORMANCE_GC_MINOR;
const MAJOR = constants.NODE_PERFORMANCE_GC_MAJOR;

describe('GC pauses beside the loop delay', () => {
  it('counts scavenges apart from full collections, with the scavenges’ median and longest and every pause added up', () => {
    const summary = pauses(
      [
        { kind: MINOR, ms: 12.04 },
        { kind: MAJOR, ms: 30 },
        { kind: MINOR, ms: 3 },
        { kind: MINOR, ms: 41.26 },
        { kind: constants.NODE_PERFORMANCE_GC_INCREMENTAL, ms: 1 },
      ],
      MINOR,
      MAJOR,
    );
    // The incremental step counts in the total only.
    expect(summary).toEqual({ scavenges: 3, scavengeP50: 12, scavengeMax: 41.3, full: 1, fullMax: 30, total: 87.3 });
    expect(pauses([], MINOR, MAJOR)).toEqual({ scavenges: 0, scavengeP50: 0, scavengeMax: 0, full: 0, fullMax: 0, total: 0 });
  });

  it("measures this thread's own collections", async () => {
    const lag = measureLag();
    // Short-lived garbage enough to fill the young generation a few times.
    let kept = 0;
    for (let i = 0; i < 2_000_000; i++) kept += [i, { i }].length;
    await new Promise((resolve) => setTimeout(resolve, 50));
    const { gc } = lag.stop();
    expect(kept).toBe(4_000_000);
    expect(gc.scavenges).toBeGreaterThan(0);
    expect(gc.total).toBeGreaterThan(0);
  });
});
