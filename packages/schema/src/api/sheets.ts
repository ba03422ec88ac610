/**
 * Spreadsheet jobs: an import's or export's state as `DataExporter/status/{jobId}` (and the job lists)
 * answer it, read by the importer and exporter screens and every list's Export.
 */

/** A job's state as the sheet screens show it (the job queue's `done` reads `succeeded`). */
export const SHEET_JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type SheetJobStatus = (typeof SHEET_JOB_STATUSES)[number];

/** One problem of a sheet: its row number as the spreadsheet shows it, the column header, the message. */
export interface SheetRowError {
  row: number;
  column: string;
  message: string;
}

/** What committing a sheet row does (validate) or did (commit). */
export const SHEET_ROW_ACTIONS = ['insert', 'update', 'unchanged'] as const;
export type SheetRowAction = (typeof SHEET_ROW_ACTIONS)[number];

/** A value as the preview shows it: references and list values by code, others as the API gives them. */
export type SheetValue = string | number | boolean | null;

/** One field a row's commit changes: its column header, the stored value and the sheet's. */
export interface SheetFieldChange {
  /** The field's API name. */
  field: string;
  column: string;
  old: SheetValue;
  new: SheetValue;
}

/** The preview of one sheet row that passed its checks: its action and, for an update, the fields it changes. */
export interface SheetRowPreview {
  row: number;
  /** The row's key as the sheet gives it (a SKU). */
  key: string;
  action: SheetRowAction;
  /** An update's changed fields (empty otherwise). */
  changes: SheetFieldChange[];
}

/** What an import has done (or, validating, would do), as its run leaves it in the job. */
export interface SheetCounts {
  total: number;
  processed: number;
  /** Rows written (commit) or that would be written (validate). */
  inserted: number;
  updated: number;
  unchanged: number;
  errorCount: number;
  errors: SheetRowError[];
  committed: boolean;
  /**
   * Per row, in sheet order: insert, update (with the fields that change, old → new) or unchanged.
   * The job's status keeps the first `SHEET_PREVIEW_ROWS` rows that change and then unchanged ones;
   * the result file has every row. Absent for exports and imports that do not preview rows.
   */
  rows?: SheetRowPreview[];
  /** Rows the preview of the status leaves out (the result file has them). */
  rowsLeftOut?: number;
}

/** Rows of a preview kept in a job's status. */
export const SHEET_PREVIEW_ROWS = 1000;

/** What the mapping step before validation did (imports of a sheet; absent for exports and image zips). */
export interface SheetMapping {
  /** The known system the file was recognised as (`shopify`, `square`, `loyverse`, `odoo`), else null. */
  source: string | null;
  /** Column header → the field it was read into, or null when no field reads it. */
  mapping: Record<string, string | null>;
  /** Columns no field reads: a mapping question, not an error. */
  ignoredColumns: string[];
  /** Cells a known source's reading left out, and why (a barcode in scientific notation). */
  warnings: SheetRowError[];
  /**
   * What a commit creates on the way (validate) or created (commit): categories, brands, variant
   * attributes and values, and inventory locations the file's stock names (store locations, no outlet).
   */
  creates: {
    categories: string[];
    brands: string[];
    attributes: { name: string; values: string[] }[];
    locations: string[];
  };
  /** On hand a known source's file sets (validate: would set), per inventory location: how many products. */
  stock: { location: string; products: number }[];
}

/** How a header was matched to its field: sent or saved mapping, a known source, the field's name, label or a synonym; none. */
export type SheetMatch = 'sent' | 'saved' | 'source' | 'name' | 'label' | 'synonym' | 'none';

/** The mapping offered for a file before it is validated (`DataImporter/InspectImport`). */
export interface SheetMappingOffer {
  /** The known system the file is an export of, else null. */
  source: { name: string; label: string } | null;
  /** Where a known source's tags go: the Tags field, or the category (its first tag); the saved choice or `tags`. */
  tagsTo: 'tags' | 'category';
  /**
   * Each header of the file, the field it goes into (null: ignored) and how that was found; `feeds`:
   * every field a known source reads the column into, `field` among them, when it is more than one
   * (Square's Item Name: the name and the parent product).
   */
  columns: { header: string; field: string | null; by: SheetMatch; feeds?: string[] }[];
  /** The fields a column may go into, key first; `required` ones must have a column for new rows. */
  fields: { name: string; label: string; required: boolean }[];
}

/**
 * Why the images job could not store an image URL, in plain English: the `message` of a
 * `SheetImageFailure` is one of these sentences (the quota's comes from the upload quota). The
 * console says each again in the user's language (`sheets.messages.image.*`), its values kept.
 */
export const IMAGE_FAILURES = {
  noAnswer: (v: { seconds: number | string }) => `The address did not answer within ${v.seconds} seconds`,
  refused: () => 'The address refused the connection',
  cut: () => 'The connection broke off before the whole image came',
  certificate: () => 'The address’s security certificate is not valid',
  unreachable: () => 'The address could not be reached',
  noSuchHost: (v: { host: string }) => `No server answers to the name ${v.host}`,
  notWebAddress: () => 'Not a web address starting with http:// or https://',
  notPublic: (v: { address: string }) =>
    `The address leads into a private or local network (${v.address}); only public addresses are fetched`,
  status: (v: { status: number | string }) => `The address answered with an error (HTTP ${v.status}), not an image`,
  redirects: (v: { count: number | string }) => `The address sent on to another more than ${v.count} times`,
  tooLarge: (v: { size: string }) => `The image is larger than the upload limit of ${v.size}`,
  notImage: () => 'Not a PNG, JPEG, GIF or WebP image',
  outOfTime: () => 'Not fetched: the images job ran out of time',
  notSaved: (v: { reason: string }) => `The product could not be saved: ${v.reason}`,
} as const satisfies Record<string, (values: never) => string>;

/** One image URL a fetch could not store: the product (its SKU), the address and why (`IMAGE_FAILURES`). */
export interface SheetImageFailure {
  product: string;
  url: string;
  message: string;
}

/** What the job fetching a committed import's image URLs did (`kind: 'images'`). */
export interface SheetImageFetch {
  /** Products whose image URLs were read. */
  products: number;
  /** Images downloaded and stored on their product. */
  fetched: number;
  /** Products left as they were: they already hold images. */
  skipped: number;
  /** URLs not stored, each with its reason (at most 1,000 kept). */
  failed: SheetImageFailure[];
  failedCount: number;
}

export interface SheetJob extends SheetCounts, Partial<SheetMapping> {
  jobId: number;
  kind: 'import' | 'export' | 'images';
  /** A committed product import whose products have image URLs: the job fetching them. */
  imagesJob?: number;
  /** An images job's outcome so far. */
  images?: SheetImageFetch;
  status: SheetJobStatus;
  /** 0–100. */
  progress: number;
  message: string | null;
  createdAt: string;
  /** In the job lists: the export procedure or import type. */
  name?: string;
}

/** A blank template's variant as `AppModule/GetBlankTemplateOption/{importType}` lists it (`value` names it in `ExportBlankTemplate`). */
export interface BlankTemplateOption {
  text: string;
  value: string;
}
