import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { availableParallelism } from 'node:os';
import { busy, Gate } from '../http/gate';

/** argon2id with the OWASP minimum (19 MiB, 2 passes). */
// `Algorithm` is an ambient const enum (unusable with verbatimModuleSyntax); 2 is Argon2id.
const OPTIONS = { algorithm: 2 as Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Every hash and verification of the process passes one gate: a flood of sign-ins then occupies
 * at most `concurrency` cores (and 19 MiB each), and the rest of the server keeps answering.
 * Process-wide on purpose: the cores are.
 */
let gate = new Gate(Math.max(1, availableParallelism() - 1), 16);

export function configurePasswordHashing(options: { concurrency: number; queue: number }): void {
  gate = new Gate(options.concurrency, options.queue);
}

/** 503 at once while every hashing slot and queue place is taken: the flood costs nothing more. */
export function refuseWhileHashingFull(): void {
  if (gate.full) throw busy();
}

export const hashPassword = (password: string) => gate.run(() => hash(password, OPTIONS));

/** False for a wrong password or an unreadable hash; throws 503 (ApiError) when the gate is full. */
export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return gate.run(async () => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  });
}

let dummyHash: Promise<string> | undefined;
/** Hashed at start-up so even the first unknown user name costs one verification, no more. */
export const prepareDummyHash = () => (dummyHash ??= hashPassword('backroom-dummy-password'));

/** Burns the time of one verification so an unknown user name answers as slowly as a known one. */
export async function verifyAgainstDummy(password: string): Promise<void> {
  await verifyPassword(await prepareDummyHash(), password);
}
