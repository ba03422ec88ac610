/** Letters and digits that cannot be mistaken for one another when read out or copied by hand. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
const SYMBOLS = '-#@!';

/** The largest multiple of the alphabet's length a byte holds: bytes above it are drawn again, so every character is equally likely. */
const limit = (size: number) => 256 - (256 % size);

function pick(from: string, count: number): string {
  let out = '';
  const bytes = new Uint8Array(1);
  while (out.length < count) {
    crypto.getRandomValues(bytes);
    if (bytes[0]! < limit(from.length)) out += from[bytes[0]! % from.length];
  }
  return out;
}

/** A random password of 4 groups of 4 (about 94 bits), e.g. `Hq7k-Pw3z-Xe9m-Ta2c`: long and never a common one. */
export const generatePassword = () => Array.from({ length: 4 }, () => pick(ALPHABET, 4)).join(pick(SYMBOLS, 1));
