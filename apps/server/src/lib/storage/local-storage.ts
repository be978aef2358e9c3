import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FileMeta, FileStorage } from './storage';

/** keys this adapter hands out: folder/uuid.ext */
const KEY = /^[a-z0-9-]+\/[0-9a-f-]{36}\.[a-z0-9]{2,5}$/i;

export function createLocalStorage(uploadDir: string): FileStorage {
  async function target({ ext, folder }: FileMeta) {
    const safeFolder = folder.replace(/[^a-z0-9-]/gi, '');
    const name = `${randomUUID()}.${ext.replace(/[^a-z0-9]/gi, '')}`;
    const dir = path.join(uploadDir, safeFolder);
    await mkdir(dir, { recursive: true });
    return {
      file: path.join(dir, name),
      stored: { url: `/uploads/${safeFolder}/${name}`, key: `${safeFolder}/${name}` },
    };
  }
  return {
    kind: 'local',
    async save({ buffer, ...meta }) {
      const { file, stored } = await target(meta);
      await writeFile(file, buffer, { flag: 'wx' });
      return stored;
    },
    async saveFile({ path: source, ...meta }) {
      const { file, stored } = await target(meta);
      try {
        await pipeline(createReadStream(source), createWriteStream(file, { flags: 'wx' }));
      } catch (err) {
        await unlink(file).catch(() => undefined);
        throw err;
      }
      return stored;
    },
    async remove(key) {
      if (!KEY.test(key)) return;
      await unlink(path.join(uploadDir, key)).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== 'ENOENT') throw err;
      });
    },
  };
}
