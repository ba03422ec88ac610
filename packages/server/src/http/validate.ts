import type { FieldError } from '@backroom/schema';
import type { z } from 'zod';
import { validationError } from './envelope';

export function issuesToErrors(issues: readonly z.core.$ZodIssue[]): FieldError[] {
  return issues.map((issue) => ({
    field: issue.path.length > 0 ? issue.path.map(String).join('.') : 'body',
    message: issue.message,
  }));
}

/** Parses a request body (or query) with a zod schema; failures are a 400 naming each field. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const result = schema.safeParse(body ?? {});
  if (!result.success) throw validationError(issuesToErrors(result.error.issues));
  return result.data;
}
