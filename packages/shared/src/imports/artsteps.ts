import { z } from 'zod';

const MB = 1024 * 1024;

/**
 * What one gallery import may hold. The zip is also held to the upload pipeline's zip rules
 * (ZIP_LIMITS: entries, unpacked size, compression ratio, safe paths); these are the importer's own.
 */
export const ARTSTEPS_IMPORT_LIMITS = {
  /** The uploaded zip itself. */
  maxZipBytes: 80 * MB,
  /** Pictures hung per import; later ones are reported as skipped (the largest template room holds this many). */
  maxImages: 24,
  /** All imported pictures' bytes together; pictures past it are reported as skipped. */
  maxTotalImageBytes: 150 * MB,
  /** The JSON or CSV file of titles and descriptions. */
  maxMetadataBytes: 1 * MB,
} as const;

/** Why a file of the export was left out (the web words each one in the reader's language). */
export const ARTSTEPS_SKIP_REASONS = ['unsupportedType', 'corruptImage', 'missingImage', 'overCap', 'tooManyPixels'] as const;
export type ArtstepsSkipReason = (typeof ARTSTEPS_SKIP_REASONS)[number];

/** POST /api/imports/artsteps: the export's zip in field `file`, an optional title for the new space. */
export const artstepsImportForm = z.object({
  title: z.string().optional(),
  file: z.file(),
});

export const artstepsImportFields = z.object({
  title: z.string().trim().max(100).optional(),
});

export const artstepsImportReport = z.object({
  spaceId: z.string(),
  imported: z.number().int().min(0),
  skipped: z.array(z.object({ file: z.string(), reason: z.enum(ARTSTEPS_SKIP_REASONS) })),
});
export type ArtstepsImportReport = z.infer<typeof artstepsImportReport>;
