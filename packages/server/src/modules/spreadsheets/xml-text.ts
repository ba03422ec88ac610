/** The text of an xlsx part's XML: character references and string items (`<si>`, `<is>`). */

const ENTITY = /&(?:#(\d+)|#x([0-9a-fA-F]+)|(amp|lt|gt|quot|apos));/g;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const MAX_CODE_POINT = 0x10ffff;
/** A character reference past Unicode (`&#99999999;`) stays as written. */
const characterOf = (whole: string, code: number) => (code <= MAX_CODE_POINT ? String.fromCodePoint(code) : whole);
export const decode = (text: string) =>
  text.includes('&')
    ? text.replace(ENTITY, (whole, dec: string, hex: string, name: string) =>
        name ? NAMED[name]! : characterOf(whole, dec ? Number(dec) : parseInt(hex, 16)),
      )
    : text;

/** A string item of one plain run, as most are (`<t>text</t>`, `<t xml:space="preserve"> text</t>`). */
const ONE_RUN = /^<t(?:\s[^>]*)?>([^<]*)<\/t>$/;

/** The text of a string item (`<si>`, `<is>`): its `<t>` runs joined, phonetic runs (`<rPh>`) left out. */
export function itemText(xml: string): string {
  const one = ONE_RUN.exec(xml);
  if (one) return decode(one[1]!);
  const plain = xml.includes('<rPh') ? xml.replace(/<rPh\b[\s\S]*?<\/rPh>/g, '') : xml;
  let out = '';
  for (const match of plain.matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>|<t(?:\s[^>]*)?\/>/g)) out += match[1] ?? '';
  return decode(out);
}
