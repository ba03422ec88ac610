import type bwipjs from 'bwip-js/node';
import { onFirstUse } from '../on-first-use';
import { printable, type Pdf } from './pdf';

const bwip = onFirstUse<typeof bwipjs>('bwip-js/node');

export type Symbology = 'code128' | 'ean13';

/** 13 digits whose last is the GS1 check digit of the first 12. */
export function isEan13(text: string | null | undefined): boolean {
  if (!text || !/^\d{13}$/.test(text)) return false;
  const digits = [...text].map(Number);
  const sum = digits.slice(0, 12).reduce((total, d, i) => total + d * (i % 2 === 0 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10 === digits[12];
}

/** EAN-13 when the text is a valid EAN-13, else Code 128 (any printable ASCII). */
export const symbologyOf = (text: string): Symbology => (isEan13(text) ? 'ean13' : 'code128');

/** Modules of quiet zone each side: GS1 asks 11 (left) and 7 (right) for EAN-13, 10 for Code 128. */
const QUIET: Record<Symbology, [number, number]> = { ean13: [11, 7], code128: [10, 10] };

/** Patterns encoded lately: a document's number is drawn again in the heading of each of its pages. */
const recent = new Map<string, number[]>();
const RECENT_KEPT = 64;

/** Bar and space widths in modules, bar first (bwip-js encodes; we draw). */
function pattern(symbology: Symbology, text: string): number[] {
  const key = `${symbology} ${text}`;
  const kept = recent.get(key);
  if (kept) return kept;
  const [symbol] = bwip().raw(symbology, text, {}) as { sbs?: number[] }[];
  if (!symbol?.sbs) throw new Error(`No ${symbology} pattern for ${text}`);
  if (recent.size >= RECENT_KEPT) recent.delete(recent.keys().next().value!);
  recent.set(key, symbol.sbs);
  return symbol.sbs;
}

export interface BarcodeBox {
  x: number;
  y: number;
  width: number;
  /** Height of the bars; the human-readable text goes below them. */
  height: number;
  /** Font size of the text under the bars (0: none). */
  caption?: number;
}

/**
 * Draws the barcode as vector bars, scaled to fit the box's width with its quiet zones, and the
 * text in human-readable form under it (what a person keys in when the scan fails). Code 128
 * takes ASCII only: other characters print as `?`.
 */
export function drawBarcode(doc: Pdf, text: string, box: BarcodeBox, symbology: Symbology = symbologyOf(text)): void {
  const data = symbology === 'code128' ? printable(text).replace(/[^\x20-\x7e]/g, '?') : text;
  const widths = pattern(symbology, data);
  const [quietLeft, quietRight] = QUIET[symbology];
  const modules = widths.reduce((sum, w) => sum + w, 0) + quietLeft + quietRight;
  const unit = box.width / modules;
  let x = box.x + quietLeft * unit;
  widths.forEach((w, i) => {
    if (i % 2 === 0) doc.rect(x, box.y, w * unit, box.height);
    x += w * unit;
  });
  doc.fillColor('#000000').fill();
  const caption = box.caption ?? 8;
  if (caption > 0)
    doc
      .font('Helvetica')
      .fontSize(caption)
      .text(data, box.x, box.y + box.height + 2, { width: box.width, align: 'center', lineBreak: false });
}
