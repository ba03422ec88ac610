import { StringDecoder } from 'node:string_decoder';
import { itemText } from './xml-text';

const INITIAL_BYTES = 64 * 1024;
const INITIAL_ITEMS = 1024;
const CLOSE = '</si>';

/**
 * An xlsx's shared strings (`xl/sharedStrings.xml`), streamed as the part inflates and kept as one
 * UTF-8 buffer with the end of each item: its memory is the text's bytes and 4 bytes an item (at
 * most about twice that while growing), not a V8 string and array slot per item beside the whole
 * part's text, which took a 500 MB part to 1.3 GB. A cell's text is decoded from the buffer when read.
 */
export class SharedStrings {
  private bytes = Buffer.alloc(0);
  private ends = new Uint32Array(0);
  private count = 0;
  private used = 0;

  get(index: number): string {
    if (!(index >= 0 && index < this.count)) return '';
    return this.bytes.toString('utf8', index === 0 ? 0 : this.ends[index - 1]!, this.ends[index]!);
  }

  private add(text: string) {
    const length = Buffer.byteLength(text);
    if (this.used + length > this.bytes.length) {
      const grown = Buffer.alloc(Math.max(INITIAL_BYTES, this.used + length, Math.ceil(this.bytes.length * 1.5)));
      this.bytes.copy(grown, 0, 0, this.used);
      this.bytes = grown;
    }
    if (this.count === this.ends.length) {
      const grown = new Uint32Array(Math.max(INITIAL_ITEMS, Math.ceil(this.ends.length * 1.5)));
      grown.set(this.ends);
      this.ends = grown;
    }
    this.used += this.bytes.write(text, this.used, 'utf8');
    this.ends[this.count++] = this.used;
  }

  /**
   * Reads the part's items (`<si>…</si>`, `<si/>`) as its chunks arrive; `count` is told each chunk's
   * size first and throws to stop the read. An item still arriving is searched for its end only in
   * the new text, so one long item costs one pass.
   */
  static async read(chunks: AsyncIterable<Buffer>, count: (bytes: number) => void): Promise<SharedStrings> {
    const strings = new SharedStrings();
    const decoder = new StringDecoder('utf8');
    let pending = '';
    // Where the search for the pending item's end resumes.
    let searchFrom = 0;
    for await (const chunk of chunks) {
      count(chunk.length);
      pending += decoder.write(chunk);
      let at = 0;
      for (;;) {
        const start = pending.indexOf('<si', at);
        if (start < 0) {
          at = Math.max(at, pending.length - 3);
          break;
        }
        const tagEnd = pending.indexOf('>', start);
        if (tagEnd < 0) {
          at = start;
          break;
        }
        if (pending[tagEnd - 1] === '/') {
          strings.add('');
          at = tagEnd + 1;
          continue;
        }
        const close = pending.indexOf(CLOSE, Math.max(tagEnd + 1, searchFrom));
        if (close < 0) {
          at = start;
          searchFrom = Math.max(tagEnd + 1, pending.length - CLOSE.length + 1);
          break;
        }
        strings.add(itemText(pending.slice(tagEnd + 1, close)));
        at = close + CLOSE.length;
        searchFrom = 0;
      }
      searchFrom = Math.max(0, searchFrom - at);
      pending = pending.slice(at);
    }
    return strings;
  }
}
