/** The largest row id: ids are 32-bit integers on both databases, so a larger one is a 400, never a database error. */
export const MAX_ROW_ID = 2 ** 31 - 1;
