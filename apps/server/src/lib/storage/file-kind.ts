/** Recognises uploads by their first bytes, never by name or declared type. */
export type FileKind = { ext: 'png' | 'jpg' | 'gif' | 'webp' | 'pdf'; mime: string; image: boolean };

const startsWith = (buf: Buffer, bytes: number[], offset = 0) => bytes.every((b, i) => buf[offset + i] === b);

export function detectFileKind(buf: Buffer): FileKind | undefined {
  if (buf.length < 12) return undefined;
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { ext: 'png', mime: 'image/png', image: true };
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return { ext: 'jpg', mime: 'image/jpeg', image: true };
  if (startsWith(buf, [0x47, 0x49, 0x46, 0x38])) return { ext: 'gif', mime: 'image/gif', image: true };
  if (startsWith(buf, [0x52, 0x49, 0x46, 0x46]) && startsWith(buf, [0x57, 0x45, 0x42, 0x50], 8)) {
    return { ext: 'webp', mime: 'image/webp', image: true };
  }
  if (startsWith(buf, [0x25, 0x50, 0x44, 0x46, 0x2d]))
    return { ext: 'pdf', mime: 'application/pdf', image: false };
  return undefined;
}
