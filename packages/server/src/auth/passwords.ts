import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** argon2id with the OWASP minimum (19 MiB, 2 passes). */
// `Algorithm` is an ambient const enum (unusable with verbatimModuleSyntax); 2 is Argon2id.
const OPTIONS = { algorithm: 2 as Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Hashed at start-up so even the first unknown user name costs one verification, no more. */
export const prepareDummyHash = () => (dummyHash ??= hashPassword('backroom-dummy-password'));

/** Burns the time of one verification so an unknown user name answers as slowly as a known one. */
export async function verifyAgainstDummy(password: string): Promise<void> {
  await verifyPassword(await prepareDummyHash(), password);
}
