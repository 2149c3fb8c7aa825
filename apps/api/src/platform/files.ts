import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live. Local disk (DATA_DIR/uploads) by default; an S3-compatible store
 * implements the same three calls. Keys are relative, slash-separated, chosen by the server.
 */
export interface FileStorage {
  save(key: string, data: Buffer): Promise<void>;
  read(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
}

export function localFileStorage(root: string): FileStorage {
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    // A key never leaves the root (keys are server-made, this guards against a future mistake).
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error(`file key outside storage: ${key}`);
    return full;
  };
  return {
    async save(key, data) {
      const full = resolve(key);
      await fs.mkdir(path.dirname(full), { recursive: true });
      await fs.writeFile(full, data);
    },
    async read(key) {
      try {
        return await fs.readFile(resolve(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async remove(key) {
      await fs.rm(resolve(key), { force: true });
    },
  };
}

export interface SniffedType { mime: string; ext: string }

/** The file's real type from its first bytes (never the name or the client's content type). */
export function sniffFileType(data: Buffer): SniffedType | null {
  if (data.length >= 5 && data.subarray(0, 5).toString('latin1') === '%PDF-') return { mime: 'application/pdf', ext: 'pdf' };
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return { mime: 'image/jpeg', ext: 'jpg' };
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (data.length >= 8 && png.every((b, i) => data[i] === b)) return { mime: 'image/png', ext: 'png' };
  return null;
}

/** A fresh storage key under `folder`: `<folder>/<prefix>-<random>.<ext>`. */
export function newFileKey(folder: string, prefix: string | number, ext: string): string {
  return `${folder}/${prefix}-${randomBytes(8).toString('hex')}.${ext}`;
}
