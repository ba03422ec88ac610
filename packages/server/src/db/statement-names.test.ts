import { describe, expect, it } from 'vitest';
import { nameStatement, STATEMENT_NAMES_LIMIT, statementName } from './statement-names';

describe('statement names', () => {
  it('names the texts it is given, the same name every time, and no more texts past the limit', () => {
    expect(statementName('select $1')).toBeUndefined();
    nameStatement('select $1');
    const name = statementName('select $1');
    expect(name).toMatch(/^br_[0-9a-f]{24}$/);
    nameStatement('select $1');
    expect(statementName('select $1')).toBe(name);
    for (let i = 1; i < STATEMENT_NAMES_LIMIT; i++) nameStatement(`select ${i} + $1`);
    expect(statementName(`select ${STATEMENT_NAMES_LIMIT - 1} + $1`)).toBeDefined();
    nameStatement('select 0 - $1');
    expect(statementName('select 0 - $1')).toBeUndefined();
    expect(statementName('select $1')).toBe(name);
  });
});
