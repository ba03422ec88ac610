import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import type { DemoFiles } from '../../db/seed/index';
import { storedUrl } from '../../files/store';

const FOLDER = 'banner';
const WIDTH = 960;
const HEIGHT = 320;

const chunk = (type: string, data: Buffer) => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
};

const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

/** A PNG banner shading from one colour to another, left to right (8-bit RGB, no library). */
export function gradientPng(from: string, to: string): Buffer {
  const [a, b] = [rgb(from), rgb(to)];
  const row = Buffer.alloc(1 + WIDTH * 3);
  for (let x = 0; x < WIDTH; x++)
    for (let c = 0; c < 3; c++) row[1 + x * 3 + c] = Math.round(a[c]! + ((b[c]! - a[c]!) * x) / (WIDTH - 1));
  const header = Buffer.alloc(13);
  header.writeUInt32BE(WIDTH, 0);
  header.writeUInt32BE(HEIGHT, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: HEIGHT }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A demo banner's picture, kept as the banner form keeps an upload: a file in the files folder under
 * a generated name, addressed `{base}/files/banner/{name}.png`.
 */
export async function demoBanner(files: DemoFiles, from: string, to: string): Promise<string> {
  await mkdir(join(files.dir, FOLDER), { recursive: true });
  const fileName = `${FOLDER}/${randomUUID()}.png`;
  await writeFile(join(files.dir, fileName), gradientPng(from, to));
  return storedUrl(files.basePath, fileName);
}
