/**
 * A catalogue of the sentences a person reads from the server, in English with values in them: each
 * a function of its values. The server writes them; the console matches each by the shape its
 * function makes and says it again in the user's language, its values kept (web
 * `i18n/messageShapes.ts`), and its tests walk every sentence of a catalogue, so one added or
 * reworded without a translation fails there.
 */
export type Sentences = Record<string, (values: never) => string>;

/** What joins a list of a catalogue's sentences inside another (`items`): one of them may hold a comma. */
export const ITEMS_SEPARATOR = '; ';
