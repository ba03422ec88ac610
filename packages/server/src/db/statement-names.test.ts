import { describe, expect, it } from 'vitest';
import {
  connectionStatementNames,
  NAMED_TEXTS_LIMIT,
  nameStatement,
  STATEMENTS_PER_CONNECTION,
} from './statement-names';

describe('statement names', () => {
  it('names the compiled texts by their digest; past the limit the list starts over and names them again as they run', () => {
    const nameOn = connectionStatementNames();
    expect(nameOn('select $1')).toBeUndefined();
    nameStatement('select $1');
    const name = nameOn('select $1');
    expect(name).toMatch(/^br_[0-9a-f]{24}$/);
    nameStatement('select $1');
    expect(nameOn('select $1')).toBe(name);
    for (let i = 0; i < NAMED_TEXTS_LIMIT; i++) nameStatement(`select ${i} + $1`);
    const fresh = connectionStatementNames();
    expect(fresh('select $1')).toBeUndefined();
    nameStatement('select $1');
    expect(fresh('select $1')).toBe(name);
  });

  it('a connection prepares at most its share; texts it holds keep their names, new ones run unnamed', () => {
    const texts = Array.from({ length: STATEMENTS_PER_CONNECTION + 1 }, (_, i) => `select ${i} * $1`);
    const nameOn = connectionStatementNames();
    for (const text of texts) nameStatement(text);
    const given = texts.map(nameOn);
    expect(given.slice(0, -1).every((name) => name !== undefined)).toBe(true);
    expect(given.at(-1)).toBeUndefined();
    expect(nameOn(texts[0]!)).toBe(given[0]);
    expect(connectionStatementNames()(texts.at(-1)!)).toMatch(/^br_/);
  });
});
