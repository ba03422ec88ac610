import type { HookContext } from '../data/hooks';
import type { Writer } from '../data/write';

/**
 * The generic write path hands every hook event its whole Writer (the request included); hooks that
 * write further rows through that path, or apply the caller's row limits, need it back.
 */
export const writerOf = (event: HookContext): Writer => event as Writer;
