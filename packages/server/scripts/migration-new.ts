/**
 * `npm run migration:new -- <name>`: writes the next migration from the difference between the
 * registry and the snapshot of the last one, and moves the snapshot on; writes the registry's row
 * types and entity names (GENERATED_FILES) every time. See src/db/README.md.
 */
import { entities } from '@backroom/schema';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { diffSchemas } from '../src/db/schema/diff';
import { registrySchema, type SchemaModel } from '../src/db/schema/model';
import { GENERATED_FILES, entityNamesSource, rowTypesSource } from '../src/db/schema/row-types';

const folder = new URL('../src/db/migrations/', import.meta.url);
const snapshotFile = new URL('registry-snapshot.json', folder);

const name = process.argv[2]?.trim();
if (!name || !/^[a-z][a-z0-9_]*$/.test(name)) {
  console.error('Usage: npm run migration:new -- <name in snake_case>, e.g. add_product_season');
  process.exit(2);
}

const snapshot = JSON.parse(readFileSync(snapshotFile, 'utf8')) as SchemaModel;
const target = registrySchema();
const root = new URL('../../../', import.meta.url);
writeFileSync(new URL(GENERATED_FILES.rows, root), rowTypesSource(target, entities));
writeFileSync(new URL(GENERATED_FILES.entityNames, root), entityNamesSource(entities));
console.log(`Wrote ${GENERATED_FILES.rows} and ${GENERATED_FILES.entityNames}.`);
const operations = diffSchemas(snapshot, target);
if (operations.length === 0) {
  console.log('The registry matches the last migration: nothing to write.');
  process.exit(0);
}

const numbers = readdirSync(folder)
  .map((file) => /^(\d{3})_/.exec(file)?.[1])
  .filter((n): n is string => n !== undefined)
  .map(Number);
const file = `${String(Math.max(0, ...numbers) + 1).padStart(3, '0')}_${name}.json`;
writeFileSync(new URL(file, folder), `${JSON.stringify({ operations }, null, 2)}\n`);
writeFileSync(snapshotFile, `${JSON.stringify(target, null, 2)}\n`);
const counts = operations.reduce<Record<string, number>>((acc, o) => ({ ...acc, [o.op]: (acc[o.op] ?? 0) + 1 }), {});
console.log(
  `Wrote src/db/migrations/${file}: ${Object.entries(counts)
    .map(([op, n]) => `${n} ${op}`)
    .join(', ')}. Commit it with registry-snapshot.json.`,
);
