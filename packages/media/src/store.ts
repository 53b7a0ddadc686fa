import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';
import type { Readable } from 'node:stream';

/** Where media bytes live. Local disk by default; an S3-compatible store implements the same interface. */
export interface MediaStore {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<{ body: Readable; size: number } | null>;
  exists(key: string): Promise<boolean>;
  /** The stored size in bytes, or null when there is no such object. */
  size(key: string): Promise<number | null>;
  removePrefix(prefix: string): Promise<void>;
  /**
   * Stores that browsers can upload to directly hand out a presigned PUT URL; without it, the API receives the
   * file itself at its own signed URL.
   */
  presignPut?(key: string, seconds: number): Promise<string>;
}

const KEY_PATTERN = /^[a-z0-9][a-z0-9/_.-]{0,200}$/i;

export function assertKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.includes('..')) throw new Error(`invalid media key: ${key}`);
}

export class LocalDiskStore implements MediaStore {
  readonly root: string;
  constructor(root: string) {
    this.root = root;
  }

  private path(key: string): string {
    assertKey(key);
    const full = normalize(join(this.root, key));
    if (!full.startsWith(normalize(this.root) + sep)) throw new Error(`media key escapes the store: ${key}`);
    return full;
  }

  async put(key: string, body: Buffer): Promise<void> {
    const target = this.path(key);
    await mkdir(dirname(target), { recursive: true });
    // Write then rename, so a reader never sees a half-written file.
    const partial = `${target}.${process.pid}.part`;
    await writeFile(partial, body);
    await rename(partial, target);
  }

  async get(key: string): Promise<{ body: Readable; size: number } | null> {
    const target = this.path(key);
    try {
      const info = await stat(target);
      if (!info.isFile()) return null;
      return { body: createReadStream(target), size: info.size };
    } catch {
      return null;
    }
  }

  async size(key: string): Promise<number | null> {
    try {
      const info = await stat(this.path(key));
      return info.isFile() ? info.size : null;
    } catch {
      return null;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.path(key))).isFile();
    } catch {
      return false;
    }
  }

  async removePrefix(prefix: string): Promise<void> {
    await rm(this.path(prefix), { recursive: true, force: true });
  }
}
