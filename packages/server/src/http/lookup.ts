/**
 * The entry of `record` a caller named (an action, a job kind): own entries only, so that names
 * such as `constructor`, `toString` or `__proto__` are unknown like any other instead of reaching
 * `Object.prototype`.
 */
export const ownEntry = <T>(record: Readonly<Record<string, T>> | undefined, name: string): T | undefined =>
  record !== undefined && Object.hasOwn(record, name) ? record[name] : undefined;
