import { describe, expect, it } from 'vitest';
import { libpqEnv } from './pg-tools';

describe('libpqEnv', () => {
  it('gives a URL’s parts as libpq’s variables, the password decoded, so no tool sees it on its command line', () => {
    expect(libpqEnv('postgres://shop%40owner:p%40ss%3Aw%2Fd@db.example:6543/books?sslmode=verify-full&x=1')).toEqual({
      PGHOST: 'db.example',
      PGPORT: '6543',
      PGUSER: 'shop@owner',
      PGPASSWORD: 'p@ss:w/d',
      PGDATABASE: 'books',
      PGSSLMODE: 'verify-full',
    });
  });

  it('leaves out what the URL does not say, and takes a socket folder from the query', () => {
    expect(libpqEnv('postgres://postgres@127.0.0.1/test')).toEqual({
      PGHOST: '127.0.0.1',
      PGUSER: 'postgres',
      PGDATABASE: 'test',
    });
    expect(libpqEnv('postgres:///test?host=/var/run/postgresql')).toEqual({
      PGHOST: '/var/run/postgresql',
      PGDATABASE: 'test',
    });
    expect(libpqEnv('postgres://[::1]:5433/test').PGHOST).toBe('::1');
  });
});
