import { formatScaled } from '@backroom/schema';

/** Mulberry32: a small PRNG, so the demo is the same on every fresh database. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The GS1 check digit of the first 12 digits of an EAN-13. */
export function ean13CheckDigit(first12: string): number {
  const sum = [...first12].reduce((acc, digit, i) => acc + Number(digit) * (i % 2 === 0 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10;
}

/** Malaysian GS1 prefix 955, the demo company number 1234, then the item number. */
export function ean13(item: number): string {
  const first12 = `9551234${String(item).padStart(5, '0')}`;
  return `${first12}${ean13CheckDigit(first12)}`;
}

/** Minor units as a money string ("12.50"). */
export const money = (cents: number) => formatScaled(Math.round(cents), 2);

/** A date `days` from `now` as YYYY-MM-DD. */
export const dayFrom = (now: string, days: number) =>
  new Date(Date.parse(now) + days * 86_400_000).toISOString().slice(0, 10);
