import { describe, expect, it } from 'vitest';
import { SERVER_HEAP_MB, assertHeapRoom } from '../../server/lib/heap-room.ts';
import { StartupError } from '../../server/lib/startup-error.ts';

const MB = 1024 * 1024;

describe('assertHeapRoom', () => {
  it('lets the image start: a 128 MB old space (a 140 MB heap) beside the default 64 MB cache', () => {
    expect(() => assertHeapRoom(64, 140 * MB)).not.toThrow();
    expect(() => assertHeapRoom(64, (SERVER_HEAP_MB + 64) * MB)).not.toThrow();
  });

  it('says what to change when the cap leaves the server too little beside the cache', () => {
    let error: unknown;
    try {
      assertHeapRoom(1024, 140 * MB);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(StartupError);
    expect((error as Error).message).toBe(
      "CACHE_MB=1024 needs a heap of at least 1088 MB and Node's is capped at 140 MB: " +
        'raise --max-old-space-size in NODE_OPTIONS to 1088 or more, or lower CACHE_MB',
    );
  });

  it("reads this process's own cap when none is given", () => {
    expect(() => assertHeapRoom(1)).not.toThrow();
    expect(() => assertHeapRoom(1_000_000)).toThrow(StartupError);
  });
});
