import type { FieldError } from '@backroom/schema';
import type { z } from 'zod';
import { validationError } from './envelope';

export function issuesToErrors(issues: readonly z.core.$ZodIssue[]): FieldError[] {
  const fieldOf = (path: readonly PropertyKey[]) => (path.length > 0 ? path.map(String).join('.') : 'body');
  return issues.flatMap((issue) =>
    // A strict schema's unknown keys: each named, so a caller sees what was not taken.
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({
          field: fieldOf([...issue.path, key]),
          message: `${key} is not a field this call takes`,
        }))
      : [{ field: fieldOf(issue.path), message: issue.message }],
  );
}

/** Parses a request body (or query) with a zod schema; failures are a 400 naming each field. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const result = schema.safeParse(body ?? {});
  if (!result.success) throw validationError(issuesToErrors(result.error.issues));
  return result.data;
}
