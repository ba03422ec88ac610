import type { NormalisedEntity } from '@backroom/schema';
import { validationError } from '../http/envelope';
import type { Row } from './store';

/**
 * A stored secret is sent only to the address it was saved with (`address` of a secret field): an
 * update that changes the address without typing the secret again is refused, 400 naming the
 * secret — else a user could point the saved key at a server of theirs.
 */
export function assertSecretsStayHome(entity: NormalisedEntity, before: Row, sent: Row): void {
  for (const field of entity.fields) {
    if (field.kind !== 'secret' || field.address === undefined || field.name in sent || !before[field.name]) continue;
    const address = field.address;
    if (!(address in sent) || (sent[address] ?? null) === (before[address] ?? null)) continue;
    const label = entity.fields.find((f) => f.name === address)!.label;
    const message = `${field.label}: type it again to use it with the new ${label.toLowerCase()}: the saved one is sent only to the address it was saved with`;
    throw validationError([{ field: field.name, message }], message);
  }
}
