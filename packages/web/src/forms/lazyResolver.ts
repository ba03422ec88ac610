import type { FieldValues, Resolver } from 'react-hook-form';
import type * as AuthForms from './authForms';

/** The name of a form schema of `authForms`. */
export type FormName = {
  [K in keyof typeof AuthForms]: (typeof AuthForms)[K] extends { safeParse: unknown } ? K : never;
}[keyof typeof AuthForms];

/**
 * A React Hook Form resolver for one of the shared zod schemas. Zod and the schemas load with
 * the first validation (a submit), not with the page, which keeps the login page's JS small.
 */
export function schemaResolver<T extends FieldValues>(name: FormName): Resolver<T> {
  let loaded: Promise<Resolver<T>> | undefined;
  return async (values, context, options) => {
    loaded ??= Promise.all([import('./authForms'), import('@hookform/resolvers/zod')]).then(
      ([forms, { zodResolver }]) => zodResolver(forms[name] as never) as unknown as Resolver<T>,
    );
    return (await loaded)(values, context, options);
  };
}
