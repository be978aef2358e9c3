import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, unlink, writeFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileName, safeFolder, STORED_KEY, type FileMeta, type FileStorage } from './storage';

/**
 * Files under uploadDir, served by the app at /uploads. Each file is written to a hidden temporary name and renamed
 * into place, so a crash or a full disk never leaves a half-written file at a served name.
 */
export function createLocalStorage(uploadDir: string): FileStorage {
  async function place(meta: FileMeta, write: (temp: string) => Promise<void>) {
    const dirName = safeFolder(meta.folder);
    const name = fileName(meta, randomUUID);
    const dir = path.join(uploadDir, dirName);
    await mkdir(dir, { recursive: true });
    const temp = path.join(dir, `.${name}.part`);
    try {
      await write(temp);
      await rename(temp, path.join(dir, name));
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
    return { url: `/uploads/${dirName}/${name}`, key: `${dirName}/${name}` };
  }
  return {
    kind: 'local',
    save: ({ buffer, ...meta }) => place(meta, (temp) => writeFile(temp, buffer, { flag: 'wx' })),
    saveFile: ({ path: source, ...meta }) =>
      place(meta, (temp) => pipeline(createReadStream(source), createWriteStream(temp, { flags: 'wx' }))),
    async remove(key) {
      if (!STORED_KEY.test(key)) return;
      await unlink(path.join(uploadDir, key)).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== 'ENOENT') throw err;
      });
    },
  };
}
