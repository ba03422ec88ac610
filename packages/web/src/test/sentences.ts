import { expect } from 'vitest';
import type { Sentences } from '@backroom/schema';

/** A stand-in for each value of a sentence, «name», to find again in what the console says. */
const VALUES = new Proxy({}, { get: (_, name) => `«${String(name)}»` }) as never;

/**
 * That `say` says every sentence of a catalogue (with `before` ahead of it, as the server writes it)
 * in other words, no placeholder left, every value kept: a sentence without a translation fails.
 */
export function expectEverySentenceSaid(say: (message: string) => string, sentences: Sentences, before = ''): void {
  for (const [key, build] of Object.entries(sentences)) {
    const english = `${before}${(build as (v: never) => string)(VALUES)}`;
    const said = say(english);
    expect(said, key).not.toBe(english);
    expect(said, key).not.toContain('{{');
    for (const value of english.match(/«\w+»/g) ?? []) expect(said, key).toContain(value);
  }
}
