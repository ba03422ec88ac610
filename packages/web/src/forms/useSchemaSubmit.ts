import { useState, type FormEvent } from 'react';
import type { FormName } from './lazyResolver';

export type FieldErrors = Partial<Record<string, string>>;

/**
 * The sign-in forms (the login page, the lock screen, the code step): their inputs are read from
 * the form when it is submitted (FormData) and checked by the shared schema, loaded with the first
 * submit like every auth form's. They do without React Hook Form so that the login page does not
 * load it (the page's JS budget, packages/web/README.md). On a refusal the first field in error
 * takes the focus.
 */
export function useSchemaSubmit<T>(name: FormName, onValid: (values: T) => Promise<void>) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const values = Object.fromEntries(new FormData(form));
    const schema = (await import('./authForms'))[name];
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      const first = Object.keys(found)[0];
      const input = first ? form.elements.namedItem(first) : null;
      if (input instanceof HTMLElement) input.focus();
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await onValid(parsed.data as T);
    } finally {
      setSubmitting(false);
    }
  };

  return { errors, submitting, onSubmit: (event: FormEvent<HTMLFormElement>) => void onSubmit(event) };
}
