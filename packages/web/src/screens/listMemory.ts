/**
 * The address (search, sort, filters, page) each list was last shown with in this tab, so "Back to
 * list" and Cancel on its form return to the same rows.
 */
const lastSearch = new Map<string, string>();

export function rememberList(path: string, search: string) {
  lastSearch.set(path, search);
}

/** The list's path with the search it was last shown with. */
export function listAddress(path: string): string {
  const search = lastSearch.get(path);
  return search ? `${path}?${search}` : path;
}

/** Forgets every list's address (a new session; tests). */
export function forgetLists() {
  lastSearch.clear();
}
