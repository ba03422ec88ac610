import type { Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import type { SheetRow } from './cells';

/**
 * Reading inside archives already passed by the zip guard (`zip-guard.ts`): yauzl reads the central
 * directory and inflates one entry at a time as a stream, checking each entry's local header against it.
 */
const openZip = (path: string) =>
  new Promise<ZipFile>((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true, autoClose: false }, (error, zip) => (error ? reject(error) : resolve(zip))),
  );

async function* entriesOf(zip: ZipFile): AsyncGenerator<Entry> {
  for (;;) {
    const next = new Promise<Entry | undefined>((resolve, reject) => {
      zip.once('entry', resolve);
      zip.once('end', () => resolve(undefined));
      zip.once('error', reject);
    });
    zip.readEntry();
    const entry = await next;
    zip.removeAllListeners('entry').removeAllListeners('end').removeAllListeners('error');
    if (!entry) return;
    yield entry;
  }
}

const streamOf = (zip: ZipFile, entry: Entry) =>
  new Promise<Readable>((resolve, reject) =>
    zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream))),
  );

/** Files of an archive a person put there: no folders, no hidden files, no macOS resource forks. */
const isFile = (name: string) =>
  !name.endsWith('/') && !name.startsWith('__MACOSX/') && !(name.split('/').pop() ?? '').startsWith('.');

/** The files of an archive in their order: name and expanded size. */
export async function zipEntries(path: string): Promise<{ name: string; size: number }[]> {
  const zip = await openZip(path);
  try {
    const out: { name: string; size: number }[] = [];
    for await (const entry of entriesOf(zip))
      if (isFile(entry.fileName)) out.push({ name: entry.fileName, size: entry.uncompressedSize });
    return out;
  } finally {
    zip.close();
  }
}

/** Runs `use` on the expanded content of each named entry; the archive is closed afterwards. */
export async function withEntries(
  path: string,
  names: ReadonlySet<string>,
  use: (name: string, content: Readable) => Promise<void>,
): Promise<void> {
  const zip = await openZip(path);
  try {
    for await (const entry of entriesOf(zip))
      if (names.has(entry.fileName)) await use(entry.fileName, await streamOf(zip, entry));
  } finally {
    zip.close();
  }
}

/** The first worksheet of an xlsx (in archive order, as the sheet reader takes it), as a stream of its XML; undefined when there is none. */
export async function* firstWorksheet(path: string): AsyncGenerator<Buffer> {
  const zip = await openZip(path);
  try {
    for await (const entry of entriesOf(zip)) {
      if (!/^xl\/worksheets\/[^/]+\.xml$/.test(entry.fileName)) continue;
      for await (const chunk of await streamOf(zip, entry)) yield chunk as Buffer;
      return;
    }
  } finally {
    zip.close();
  }
}

/** The expanded content of one named entry, streamed; nothing when the archive has no such entry. */
export async function* entryChunks(path: string, name: string): AsyncGenerator<Buffer> {
  const zip = await openZip(path);
  try {
    for await (const entry of entriesOf(zip)) {
      if (entry.fileName !== name) continue;
      for await (const chunk of await streamOf(zip, entry)) yield chunk as Buffer;
      return;
    }
  } finally {
    zip.close();
  }
}

/** The base name of an archive entry without its extension: `photos/ACC-001.jpg` → `ACC-001`. */
export const stemOf = (name: string) => (name.split('/').pop() ?? name).replace(/\.[^.]*$/, '');

/** An archive of files as rows: a header (`Product`, `Image file`), then per file its stem and its name. */
export async function* readZipListing(path: string): AsyncGenerator<SheetRow> {
  yield { number: 1, cells: ['Product', 'Image file'] };
  let number = 1;
  for (const entry of await zipEntries(path)) yield { number: ++number, cells: [stemOf(entry.name), entry.name] };
}
