import { useMemo } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { insertSchema, updateSchema, type NormalisedEntity } from '@backroom/schema';
import { toWire } from '../fields/values';

/**
 * React Hook Form's resolver for a row of the entity: the registry's insert or update schema, the
 * one the server checks with, applied to the values as they will be sent (`toWire`).
 */
export function useEntityResolver(entity: NormalisedEntity, mode: 'insert' | 'update'): Resolver<FieldValues> {
  return useMemo<Resolver<FieldValues>>(() => {
    const zod = zodResolver(
      (mode === 'insert' ? insertSchema(entity) : updateSchema(entity)) as never,
    ) as unknown as Resolver<FieldValues>;
    return (values, context, options) => zod(toWire(entity.fields, values), context, options);
  }, [entity, mode]);
}
