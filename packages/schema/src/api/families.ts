import { z } from 'zod';
import { rowId as id } from '../ids';

/**
 * Resource families: `/api/{family}/{action}` for every registry entity, `family` being its `api`
 * name or its entity name (case-insensitive). Standard actions are the DataRepository verbs; other
 * actions come from the entity's hooks.
 */
export const FAMILY_ACTIONS = {
  Fetch: 'POST body = the DataRepository fetch body',
  Fields: 'the normalised fields, custom fields included',
  Get: 'Get/{id}: one row with its child rows',
  Insert: 'a row',
  Update: '{id, version, …changed fields}',
  Upsert: 'a row: by id, else by the entity’s code, else new',
  Delete: '{ids}',
} as const;

export type FamilyAction = keyof typeof FAMILY_ACTIONS;

/** The family path segment of an entity. */
export const familyOf = (entity: { name: string; api?: string }) => entity.api ?? entity.name;

export const familyIdsRequest = z.object({ ids: z.array(id).min(1).max(1000) });

/** `Product/GenerateVariants`: one variant of the parent per combination of the attribute values (ids of attribute value rows). */
export const generateVariantsRequest = z.object({
  productId: id,
  attributes: z
    .array(z.object({ attribute: id, values: z.array(id).min(1).max(100) }))
    .min(1)
    .max(5),
});
export type GenerateVariantsRequest = z.infer<typeof generateVariantsRequest>;

// ── Jobs: POST /api/jobs/Run {kind}

export const JOB_STATUSES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const jobRunRequest = z.object({ kind: z.string().trim().min(1).max(50) });

export const jobDto = z.object({
  id: z.number().int(),
  kind: z.string(),
  status: z.enum(JOB_STATUSES),
  /** 0–100. */
  progress: z.number(),
  payload: z.unknown(),
  result: z.unknown(),
  error: z.string().nullable(),
  runAfter: z.string(),
  /** Tries so far, counting those whose process died; at most 3. */
  attempts: z.number().int(),
  /** The run holding (or that last held) the job, and until when a running job is held. */
  leaseHolder: z.string().nullable(),
  leaseUntil: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type JobDto = z.infer<typeof jobDto>;
