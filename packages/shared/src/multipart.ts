import { z } from 'zod';
import { assetFieldsByKind } from './assets/schema.ts';
import { sceneMetadataFields } from './scenes/editor.ts';
import { patchMyUserBody } from './users/schema.ts';

// Multipart bodies as they travel, for the OpenAPI document and the typed web client. Every field
// is text (the server parses it with the JSON body's schema: booleans as "true", lists as JSON);
// files are `format: binary`, which the web client types as Blob.

const file = z.file();
const textFields = <S extends z.ZodRawShape>(shape: S) =>
  Object.fromEntries(Object.keys(shape).map((k) => [k, z.string().optional()])) as { [K in keyof S]: z.ZodOptional<z.ZodString> };

/** POST /api/{kind}: the asset's fields plus the file(s) in `file` (a glTF with its .bin and textures). */
export const assetUploadForm = (kind: keyof typeof assetFieldsByKind) =>
  z.object({ ...textFields(assetFieldsByKind[kind].shape), file: z.array(file).optional() });

/** POST and PATCH /api/scene/metadata: fields, an optional cover and new gallery photos (`new:<i>` in photoGallery). */
export const sceneMetadataForm = z.object({
  ...textFields(sceneMetadataFields.shape),
  coverPhoto: file.optional(),
  photoGalleryFiles: z.array(file).optional(),
});

/** PATCH /api/user/my: profile and settings fields plus an optional profile picture and cover photo. */
export const userPatchForm = z.object({
  ...textFields(patchMyUserBody.shape),
  profilePicture: file.optional(),
  coverPhoto: file.optional(),
});
