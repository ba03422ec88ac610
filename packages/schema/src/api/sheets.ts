import { z } from 'zod';

/**
 * Spreadsheet jobs: an import's or export's state as `DataExporter/status/{jobId}` (and the job lists)
 * answer it, read by the importer and exporter screens and every list's Export.
 */

/** A job's state as the sheet screens show it (the job queue's `done` reads `succeeded`). */
export const SHEET_JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type SheetJobStatus = (typeof SHEET_JOB_STATUSES)[number];

/** One problem of a sheet: its row number as the spreadsheet shows it, the column header, the message. */
export const sheetRowError = z.object({ row: z.number().int(), column: z.string(), message: z.string() });
export type SheetRowError = z.infer<typeof sheetRowError>;

/** What committing a sheet row does (validate) or did (commit). */
export const SHEET_ROW_ACTIONS = ['insert', 'update', 'unchanged'] as const;
export type SheetRowAction = (typeof SHEET_ROW_ACTIONS)[number];

/** A value as the preview shows it: references and list values by code, others as the API gives them. */
export const sheetValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type SheetValue = z.infer<typeof sheetValue>;

/** One field a row's commit changes: its column header, the stored value and the sheet's. */
export const sheetFieldChange = z.object({
  /** The field's API name. */
  field: z.string(),
  column: z.string(),
  old: sheetValue,
  new: sheetValue,
});
export type SheetFieldChange = z.infer<typeof sheetFieldChange>;

/** The preview of one sheet row that passed its checks: its action and, for an update, the fields it changes. */
export const sheetRowPreview = z.object({
  row: z.number().int(),
  /** The row's key as the sheet gives it (a SKU). */
  key: z.string(),
  action: z.enum(SHEET_ROW_ACTIONS),
  /** An update's changed fields (empty otherwise). */
  changes: z.array(sheetFieldChange),
});
export type SheetRowPreview = z.infer<typeof sheetRowPreview>;

/** What an import has done (or, validating, would do), as its run leaves it in the job. */
export const sheetCounts = z.object({
  total: z.number().int(),
  processed: z.number().int(),
  /** Rows written (commit) or that would be written (validate). */
  inserted: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  errorCount: z.number().int(),
  errors: z.array(sheetRowError),
  committed: z.boolean(),
  /**
   * Per row, in sheet order: insert, update (with the fields that change, old → new) or unchanged.
   * The job's status keeps the first `SHEET_PREVIEW_ROWS` rows that change and then unchanged ones;
   * the result file has every row. Absent for exports and imports that do not preview rows.
   */
  rows: z.array(sheetRowPreview).optional(),
  /** Rows the preview of the status leaves out (the result file has them). */
  rowsLeftOut: z.number().int().optional(),
});
export type SheetCounts = z.infer<typeof sheetCounts>;

/** Rows of a preview kept in a job's status. */
export const SHEET_PREVIEW_ROWS = 1000;

/** What the mapping step before validation did (imports of a sheet; absent for exports and image zips). */
export const sheetMapping = z.object({
  /** The known system the file was recognised as (`shopify`, `square`, `loyverse`, `odoo`), else null. */
  source: z.string().nullable(),
  /** Column header → the field it was read into, or null when no field reads it. */
  mapping: z.record(z.string(), z.string().nullable()),
  /** Columns no field reads: a mapping question, not an error. */
  ignoredColumns: z.array(z.string()),
  /** Cells a known source's reading left out, and why (a barcode in scientific notation). */
  warnings: z.array(sheetRowError),
  /**
   * What a commit creates on the way (validate) or created (commit): categories, brands, variant
   * attributes and values, and inventory locations the file's stock names (store locations, no outlet).
   */
  creates: z.object({
    categories: z.array(z.string()),
    brands: z.array(z.string()),
    attributes: z.array(z.object({ name: z.string(), values: z.array(z.string()) })),
    locations: z.array(z.string()),
  }),
  /** On hand a known source's file sets (validate: would set), per inventory location: how many products. */
  stock: z.array(z.object({ location: z.string(), products: z.number().int() })),
});
export type SheetMapping = z.infer<typeof sheetMapping>;

/** How a header was matched to its field: sent or saved mapping, a known source, the field's name, label or a synonym; none. */
export const SHEET_MATCHES = ['sent', 'saved', 'source', 'name', 'label', 'synonym', 'none'] as const;
export type SheetMatch = (typeof SHEET_MATCHES)[number];

/**
 * How a known source reads a column that is no single field's own: as variant options (Shopify's
 * `Option1 Name`, Odoo's `Variant Values`), as stock on hand at a location of the export (`null`:
 * the first store location, Shopify's one quantity), or as part of a field (Square's `Token`, the SKU
 * of a variation without one). The mapping step shows it as read; it offers no field for it.
 */
export const sheetSourceRead = z.discriminatedUnion('as', [
  z.object({ as: z.literal('options') }),
  z.object({ as: z.literal('stock'), location: z.string().nullable() }),
  z.object({ as: z.literal('field'), field: z.string() }),
]);
export type SheetSourceRead = z.infer<typeof sheetSourceRead>;

/** The mapping offered for a file before it is validated (`DataImporter/InspectImport`). */
export const sheetMappingOffer = z.object({
  /** The known system the file is an export of, else null. */
  source: z.object({ name: z.string(), label: z.string() }).nullable(),
  /** Where a known source's tags go: the Tags field, or the category (its first tag); the saved choice or `tags`. */
  tagsTo: z.enum(['tags', 'category']),
  /**
   * Each header of the file, the field it goes into (null: ignored) and how that was found; `feeds`:
   * every field a known source reads the column into, `field` among them, when it is more than one
   * (Square's Item Name: the name and the parent product); `lost`: the field a saved mapping sent the
   * column into, which no longer exists (a deleted custom field) — the column is offered ignored;
   * `reads`: how a known source reads a column it needs whatever is chosen (its variant options, a
   * location's stock), shown as read and not offered for a field.
   */
  columns: z.array(
    z.object({
      header: z.string(),
      field: z.string().nullable(),
      by: z.enum(SHEET_MATCHES),
      feeds: z.array(z.string()).optional(),
      lost: z.string().optional(),
      reads: sheetSourceRead.optional(),
    }),
  ),
  /** The fields a column may go into, key first; `required` ones must have a column for new rows. */
  fields: z.array(z.object({ name: z.string(), label: z.string(), required: z.boolean() })),
});
export type SheetMappingOffer = z.infer<typeof sheetMappingOffer>;

/** One image URL a fetch could not store: the product (its SKU), the address and why (`IMAGE_FAILURES`). */
export const sheetImageFailure = z.object({ product: z.string(), url: z.string(), message: z.string() });
export type SheetImageFailure = z.infer<typeof sheetImageFailure>;

/** What the job fetching a committed import's image URLs did (`kind: 'images'`). */
export const sheetImageFetch = z.object({
  /** Products whose image URLs were read. */
  products: z.number().int(),
  /** Images downloaded and stored on their product. */
  fetched: z.number().int(),
  /** Products left as they were: they already hold images. */
  skipped: z.number().int(),
  /** URLs not stored, each with its reason (at most 1,000 kept). */
  failed: z.array(sheetImageFailure),
  failedCount: z.number().int(),
});
export type SheetImageFetch = z.infer<typeof sheetImageFetch>;

export const sheetJob = z.object({
  ...sheetCounts.shape,
  ...sheetMapping.partial().shape,
  jobId: z.number().int(),
  kind: z.enum(['import', 'export', 'images']),
  /** A committed product import whose products have image URLs: the job fetching them. */
  imagesJob: z.number().int().optional(),
  /** An images job's outcome so far. */
  images: sheetImageFetch.optional(),
  status: z.enum(SHEET_JOB_STATUSES),
  /** 0–100. */
  progress: z.number(),
  message: z.string().nullable(),
  createdAt: z.string(),
  /** In the job lists: the export procedure or import type. */
  name: z.string().optional(),
});
export type SheetJob = z.infer<typeof sheetJob>;

/** A blank template's variant as `AppModule/GetBlankTemplateOption/{importType}` lists it (`value` names it in `ExportBlankTemplate`). */
export const blankTemplateOption = z.object({ text: z.string(), value: z.string() });
export type BlankTemplateOption = z.infer<typeof blankTemplateOption>;

/** What starting an import or export answers: the job to follow with `DataExporter/status/{jobId}`. */
export const sheetJobStarted = z.object({ jobId: z.number().int() });
