import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The hashed entry script every stand-in build has. */
export const ENTRY_SCRIPT = 'assets/index-abc123.js';

/** A stand-in for the console's build (WEB_DIST) in a temporary folder: index.html, the entry script and `files`. */
export async function fakeConsoleBuild(
  indexHtml: string,
  files: Record<string, string | Buffer> = {},
): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'backroom-web-'));
  await mkdir(join(dir, 'assets'));
  await writeFile(join(dir, 'index.html'), indexHtml);
  await writeFile(join(dir, ENTRY_SCRIPT), 'console.log("console")');
  for (const [name, content] of Object.entries(files)) await writeFile(join(dir, name), content);
  return dir;
}
