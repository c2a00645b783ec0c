import { mkdir, open, readdir, rm, writeFile, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { tryLock, unlock } from 'fs-native-extensions';
import type { z } from 'zod';

// Where counted requests go when the database is away longer than memory may hold them: append-only files
// of JSON lines, one batch a line, replayed into the database later (at the next start, or as soon as the
// database answers again). Each process appends to a segment of its own and holds a kernel lock on it, so
// a segment still being written is never replayed, while one left by a process that died (the kernel
// dropped its lock) is. A batch keeps its id in the file: replaying one that was written already changes
// nothing (server/lib/count-batcher.ts). A batch read back is checked and completed by the counter's group
// schema (the defaults of fields a previous version did not write); a batch the database refuses for its
// content is set aside in a file of its own under `refused/`, for the operator, never replayed.

/** Counted requests written together, under an id that makes writing them twice impossible. */
export interface CountBatch<G> {
  id: string;
  groups: G[];
}

/** A closed segment, locked for its one reader. */
export interface SpillSegment<G> {
  readonly path: string;
  /**
   * The batches in the file, in order. A torn last line (a write cut short by a crash or a full disk) is
   * skipped; so is any other line that is not a batch, counted in `unreadable`.
   */
  batches(): AsyncGenerator<CountBatch<G>>;
  readonly unreadable: number;
  /** Deletes the file: every batch in it is written. */
  remove(): Promise<void>;
  /** Lets the file go without deleting it: it is replayed again later. */
  release(): Promise<void>;
}

export interface CountSpill<G> {
  /** Appends a batch; rejects when it could not be written (a full disk, say), the batch not kept. */
  append(batch: CountBatch<G>): Promise<void>;
  /** Writes a batch the database refused to a file of its own, which is never replayed; answers its path. */
  setAside(batch: CountBatch<G>): Promise<string>;
  /** Whether this process appended to a segment it has not handed to a reader yet. */
  readonly appending: boolean;
  /**
   * Closes this process's own segment (the next append starts a new one) and answers every segment no
   * live process is appending to or reading, oldest first, each locked until removed or released.
   */
  claimSegments(): Promise<SpillSegment<G>[]>;
  close(): Promise<void>;
}

const READ_CHUNK_BYTES = 64 * 1024;

/** `name` tells one counter's files from another's; `groupSchema` checks each group read back. */
export function createCountSpill<G>(dir: string, name: string, groupSchema: z.ZodType<G>): CountSpill<G> {
  const prefix = `${name}-`;
  let segmentNumber = 0;
  let own: { handle: FileHandle; path: string } | null = null;
  // appends are written one after the other, so lines never interleave
  let writes: Promise<unknown> = Promise.resolve();

  async function openOwnSegment(): Promise<{ handle: FileHandle; path: string }> {
    await mkdir(dir, { recursive: true });
    segmentNumber += 1;
    // names sort by when they were started
    const file = path.join(dir, `${prefix}${Date.now()}-${process.pid}-${segmentNumber}.jsonl`);
    const handle = await open(file, 'a');
    tryLock(handle.fd);
    return { handle, path: file };
  }

  async function closeOwnSegment(): Promise<void> {
    if (!own) return;
    const { handle } = own;
    own = null;
    unlock(handle.fd);
    await handle.close();
  }

  /** A line's batch with its groups as the schema reads them (defaults applied), or null. */
  function batchOf(value: unknown): CountBatch<G> | null {
    if (typeof value !== 'object' || value === null) return null;
    const { id, groups } = value as { id?: unknown; groups?: unknown };
    if (typeof id !== 'string' || !Array.isArray(groups)) return null;
    const parsed: G[] = [];
    for (const group of groups) {
      const result = groupSchema.safeParse(group);
      if (!result.success) return null;
      parsed.push(result.data);
    }
    return { id, groups: parsed };
  }

  async function claim(file: string): Promise<SpillSegment<G> | null> {
    let handle: FileHandle;
    try {
      // an exclusive lock needs a file open for writing
      handle = await open(file, 'r+');
    } catch {
      return null; // removed by another reader meanwhile
    }
    if (!tryLock(handle.fd)) {
      await handle.close();
      return null;
    }
    let unreadable = 0;
    const release = async () => {
      unlock(handle.fd);
      await handle.close();
    };
    return {
      path: file,
      get unreadable() {
        return unreadable;
      },
      async *batches() {
        let rest = '';
        const buffer = Buffer.alloc(READ_CHUNK_BYTES);
        let position = 0;
        for (;;) {
          const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
          if (bytesRead === 0) break;
          position += bytesRead;
          const lines = (rest + buffer.toString('utf8', 0, bytesRead)).split('\n');
          rest = lines.pop() ?? '';
          for (const line of lines) {
            if (line === '') continue;
            let value: unknown;
            try {
              value = JSON.parse(line);
            } catch {
              value = null;
            }
            const batch = batchOf(value);
            if (batch) yield batch;
            else unreadable += 1;
          }
        }
        // `rest` is a last line without its newline: a write cut short, never acknowledged as spilled
      },
      async remove() {
        await rm(file, { force: true });
        await release();
      },
      release,
    };
  }

  return {
    append(batch) {
      const line = `${JSON.stringify(batch)}\n`;
      const written = writes.then(async () => {
        own ??= await openOwnSegment();
        try {
          await own.handle.appendFile(line);
        } catch (error) {
          // a line cut short stays the last of its segment, where it is skipped: the next append starts anew
          await closeOwnSegment().catch(() => undefined);
          throw error;
        }
      });
      writes = written.catch(() => undefined);
      return written;
    },
    async setAside(batch) {
      const folder = path.join(dir, 'refused');
      await mkdir(folder, { recursive: true });
      const file = path.join(folder, `${prefix}${batch.id}.jsonl`);
      await writeFile(file, `${JSON.stringify(batch)}\n`);
      return file;
    },
    get appending() {
      return own !== null;
    },
    async claimSegments() {
      await writes;
      await closeOwnSegment();
      let names: string[];
      try {
        names = await readdir(dir);
      } catch {
        return []; // no directory: nothing was ever spilled
      }
      const segments: SpillSegment<G>[] = [];
      for (const file of names
        .filter((entry) => entry.startsWith(prefix) && entry.endsWith('.jsonl'))
        .sort()) {
        const segment = await claim(path.join(dir, file));
        if (segment) segments.push(segment);
      }
      return segments;
    },
    async close() {
      await writes;
      await closeOwnSegment();
    },
  };
}
