import { open } from 'node:fs/promises';
import { ApiError } from '../../http/envelope';

/** What an archive (an xlsx is one) may hold before it is opened at all. */
export interface ZipLimits {
  maxEntries: number;
  /** Sum of the entries' expanded sizes, in bytes. */
  maxExpandedBytes: number;
  /** Expanded / compressed size of any entry larger than 1 MB expanded. */
  maxRatio: number;
}

export const ZIP_LIMITS: ZipLimits = { maxEntries: 10_000, maxExpandedBytes: 512 * 1024 * 1024, maxRatio: 200 };

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const EOCD_MIN = 22;
const MAX_COMMENT = 0xffff;
const ZIP64_MARK = 0xffffffff;
const RATIO_FLOOR = 1024 * 1024;

const refuse = (message: string): never => {
  throw new ApiError(400, message, [{ field: 'file', message }]);
};

/**
 * Reads the archive's central directory (its table of contents, at the end of the file) and refuses
 * an archive that would expand past the limits, before any entry is inflated: a zip bomb costs a
 * few kilobytes of reading. Answers the entries: name and expanded size (the reader holds an entry
 * to that size: yauzl checks what it inflates against it).
 */
export async function inspectZip(
  path: string,
  limits: ZipLimits = ZIP_LIMITS,
): Promise<{ name: string; size: number }[]> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    if (size < EOCD_MIN) return refuse('The file is not a spreadsheet or zip archive');
    const tailLength = Math.min(size, EOCD_MIN + MAX_COMMENT);
    const tail = Buffer.alloc(tailLength);
    await file.read(tail, 0, tailLength, size - tailLength);
    let at = -1;
    for (let i = tailLength - EOCD_MIN; i >= 0; i--)
      if (tail.readUInt32LE(i) === EOCD) {
        at = i;
        break;
      }
    if (at < 0) return refuse('The file is not a spreadsheet or zip archive');
    const entries = tail.readUInt16LE(at + 10);
    const directorySize = tail.readUInt32LE(at + 12);
    const directoryOffset = tail.readUInt32LE(at + 16);
    if (entries === 0xffff || directorySize === ZIP64_MARK || directoryOffset === ZIP64_MARK)
      return refuse('The archive is too large (ZIP64 archives are not accepted)');
    if (entries > limits.maxEntries)
      return refuse(`The archive holds ${entries} entries; at most ${limits.maxEntries} are accepted`);
    if (directoryOffset + directorySize > size) return refuse('The archive is damaged');
    const directory = Buffer.alloc(directorySize);
    await file.read(directory, 0, directorySize, directoryOffset);
    const names: { name: string; size: number }[] = [];
    let expanded = 0;
    for (let p = 0, n = 0; n < entries; n++) {
      if (p + 46 > directory.length || directory.readUInt32LE(p) !== CENTRAL) return refuse('The archive is damaged');
      const compressed = directory.readUInt32LE(p + 20);
      const full = directory.readUInt32LE(p + 24);
      const nameLength = directory.readUInt16LE(p + 28);
      const skip = 46 + nameLength + directory.readUInt16LE(p + 30) + directory.readUInt16LE(p + 32);
      const name = directory.toString('utf8', p + 46, p + 46 + nameLength);
      if (compressed === ZIP64_MARK || full === ZIP64_MARK)
        return refuse('The archive is too large (ZIP64 archives are not accepted)');
      expanded += full;
      if (expanded > limits.maxExpandedBytes)
        return refuse(`The archive would expand past ${limits.maxExpandedBytes / 1024 / 1024} MB`);
      if (full > RATIO_FLOOR && full / Math.max(compressed, 1) > limits.maxRatio)
        return refuse(`The archive entry ${name} expands more than ${limits.maxRatio} times: refused as a zip bomb`);
      names.push({ name, size: full });
      p += skip;
    }
    return names;
  } finally {
    await file.close();
  }
}
