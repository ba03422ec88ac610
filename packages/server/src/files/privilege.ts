import { entities, type NormalisedEntity, type NormalisedField } from '@backroom/schema';
import type { FastifyRequest } from 'fastify';
import { privilegesOf } from '../http/auth-guard';
import { ApiError } from '../http/envelope';

const hasImage = (fields: readonly NormalisedField[]): boolean =>
  fields.some((f) => f.kind === 'image' || (f.kind === 'children' && hasImage(f.fields)));

/** Entities whose forms upload files: those with an image field (in a child list too). */
const withImages: readonly NormalisedEntity[] = entities.filter((e) => !e.readOnly && hasImage(e.fields));

/**
 * 403 unless the caller may edit an entity with an image field: the one the folder names (a form
 * uploads into its entity's folder), or, for another folder, any of them.
 */
export async function assertUploadPrivilege(request: FastifyRequest, folder: string): Promise<void> {
  const named = withImages.find((e) => e.name === folder.toLowerCase());
  const screens = new Set((named ? [named] : withImages).map((e) => e.permission));
  for (const screen of screens) if ((await privilegesOf(request, screen)).ableToEdit) return;
  throw new ApiError(
    403,
    named
      ? `You may not upload files: you cannot edit ${named.label.toLowerCase()} rows`
      : 'You may not upload files: you can edit no record that has an image',
  );
}
