import { mkdir, writeFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { FileStorage } from './storage';

export function createLocalStorage(uploadDir: string): FileStorage {
  return {
    kind: 'local',
    async save({ buffer, ext, folder }) {
      const safeFolder = folder.replace(/[^a-z0-9-]/gi, '');
      const name = `${randomUUID()}.${ext}`;
      const dir = path.join(uploadDir, safeFolder);
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, name), buffer, { flag: 'wx' });
      return { url: `/uploads/${safeFolder}/${name}`, key: `${safeFolder}/${name}` };
    },
  };
}
