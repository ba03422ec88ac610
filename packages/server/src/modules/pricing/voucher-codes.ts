import { randomInt } from 'node:crypto';
import { fromStorageRow, getEntity } from '@backroom/schema';
import type { AnyDb, Row } from '../../data/store';
import { typedDb } from '../../db/types';

/**
 * Single-use voucher codes: 16 characters from an alphabet without look-alikes (no 0/O, 1/I/L),
 * drawn with the operating system's cryptographic generator — 31¹⁶ ≈ 2⁷⁹ codes, so guessing one
 * of even a million issued takes about 2⁵⁹ tries. Shown and stored as XXXX-XXXX-XXXX-XXXX; typed
 * in any case, with or without the dashes. The table's unique index keeps them unique, also when
 * several batches are generated at once.
 */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 16;
const GROUP = 4;
export const MAX_CODES_PER_CALL = 10_000;
const CHUNK = 500;

const voucher = getEntity('voucher');

const grouped = (raw: string) => raw.match(new RegExp(`.{1,${GROUP}}`, 'g'))!.join('-');

export function newCode(): string {
  let raw = '';
  for (let i = 0; i < CODE_LENGTH; i++) raw += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return grouped(raw);
}

/** A typed code in its stored form when it has the shape of a generated code. */
export function generatedForm(typed: string): string | null {
  const raw = typed.toUpperCase().replace(/[\s-]/g, '');
  return raw.length === CODE_LENGTH && [...raw].every((c) => CODE_ALPHABET.includes(c)) ? grouped(raw) : null;
}

/** Adds `count` new codes to the voucher; answers them. Runs in the caller's transaction. */
export async function generateCodes(
  db: AnyDb,
  voucherId: number,
  count: number,
  now: string,
  userName: string,
): Promise<string[]> {
  const trx = typedDb(db);
  const made: string[] = [];
  while (made.length < count) {
    const batch = new Set<string>();
    while (batch.size < Math.min(CHUNK, count - made.length)) batch.add(newCode());
    // Never a voucher's own code (in any case): a typed code must mean one voucher.
    const taken = await trx
      .selectFrom('voucher')
      .select('code')
      .where((eb) => eb(eb.fn('upper', ['code']), 'in', [...batch]))
      .execute();
    for (const t of taken) batch.delete(String(t.code).toUpperCase());
    const rows = [...batch].map((code) => ({
      voucher_id: voucherId,
      code,
      version: 1,
      created_at: now,
      created_by: userName,
      updated_at: now,
      updated_by: userName,
    }));
    const inserted = await trx
      .insertInto('voucher_code')
      .values(rows)
      .onConflict((oc) => oc.column('code').doNothing())
      .returning('code')
      .execute();
    // Each was written with its code.
    made.push(...inserted.map((r) => r.code!));
  }
  return made;
}

export interface FoundCode {
  /** Canonical: a generated code as stored (XXXX-XXXX-XXXX-XXXX), a voucher's own code as the voucher spells it; as typed (trimmed) when not found. */
  code: string;
  /** Its position in the codes typed (the first, when typed more than once). */
  index: number;
  found: boolean;
  voucher?: Row;
  singleUse: boolean;
  redeemed: boolean;
}

/**
 * The vouchers behind typed codes: a generated code, else a voucher's own code (trimmed, in any
 * case). A code typed twice, however spelt, is one code: it is answered once.
 */
export async function findVoucherCodes(anyDb: AnyDb, typed: readonly string[]): Promise<FoundCode[]> {
  const db = typedDb(anyDb);
  const out: FoundCode[] = [];
  for (const [index, raw] of typed.entries()) {
    const code = String(raw).trim();
    const generated = generatedForm(code);
    const single = generated
      ? await db
          .selectFrom('voucher_code')
          .select(['voucher_id', 'redeemed_at'])
          .where('code', '=', generated)
          .executeTakeFirst()
      : undefined;
    const row = single
      ? await db.selectFrom('voucher').selectAll().where('id', '=', Number(single.voucher_id)).executeTakeFirst()
      : await db
          .selectFrom('voucher')
          .selectAll()
          .where((eb) => eb(eb.fn('lower', ['code']), '=', code.toLowerCase()))
          .executeTakeFirst();
    const canonical = single ? generated! : row ? String(row.code) : code;
    if (out.some((o) => o.code.toLowerCase() === canonical.toLowerCase())) continue;
    out.push({
      code: canonical,
      index,
      found: !!row,
      voucher: row && fromStorageRow(voucher, row),
      singleUse: !!single,
      redeemed: !!single && single.redeemed_at !== null,
    });
  }
  return out;
}
