import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

export type StoredFile = { data: Buffer; contentType: string };

/**
 * Where uploaded files live (avatars, later KYC documents). Keys are relative paths made only of
 * [a-z0-9_-] segments and one extension; `url` is the path under which the app serves the file.
 */
export type FileStorage = {
  readonly id: string;
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredFile | null>;
  delete(key: string): Promise<void>;
  url(key: string): string;
};

const KEY = /^[a-z0-9_-]+(\/[a-z0-9_-]+)*\.[a-z0-9]{1,5}$/;
const TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  pdf: 'application/pdf',
};

export function isStorageKey(key: string): boolean {
  return KEY.test(key) && key.length <= 300;
}

/** Local disk under DATA_DIR/files: the embedded default. Writes go to a temporary name, then rename. */
export function localDiskStorage(root: string, publicPrefix = '/api/files/'): FileStorage {
  const resolve = (key: string) => {
    if (!isStorageKey(key)) throw new Error(`invalid storage key: ${key}`);
    return path.join(root, ...key.split('/'));
  };
  return {
    id: 'local',
    async put(key, data) {
      const file = resolve(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      await fs.writeFile(tmp, data);
      await fs.rename(tmp, file);
    },
    async get(key) {
      if (!isStorageKey(key)) return null;
      try {
        const data = await fs.readFile(resolve(key));
        return { data, contentType: TYPES[path.extname(key).slice(1)] ?? 'application/octet-stream' };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async delete(key) {
      if (!isStorageKey(key)) return;
      await fs.rm(resolve(key), { force: true });
    },
    url: (key) => publicPrefix + key,
  };
}
