import { describe, expect, it } from 'vitest';
import { STATEMENT_NAMES_LIMIT, statementName } from './statement-names';

describe('statementName', () => {
  it('names a text from its second run, the same name every time, and no more texts past the limit', () => {
    expect(statementName('select $1')).toBeUndefined();
    const name = statementName('select $1');
    expect(name).toMatch(/^br_[0-9a-f]{24}$/);
    expect(statementName('select $1')).toBe(name);
    for (let i = 1; i < STATEMENT_NAMES_LIMIT; i++) {
      statementName(`select ${i} + $1`);
      expect(statementName(`select ${i} + $1`)).toBeDefined();
    }
    statementName('select 0 - $1');
    expect(statementName('select 0 - $1')).toBeUndefined();
    expect(statementName('select $1')).toBe(name);
  });
});
