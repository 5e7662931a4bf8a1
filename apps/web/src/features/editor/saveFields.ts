/** The metadata the editor saves next to the document (spec §4: title and space template). */
export interface SaveFields {
  title: string;
  spaceTemplateId: string | null;
}

/**
 * What a save must do with the metadata: create it for a new space, PATCH it only when it differs
 * from what the server last confirmed, otherwise nothing (most saves change only the document).
 */
export function metadataStep(sceneId: string | null, saved: SaveFields, next: SaveFields): 'create' | 'patch' | 'none' {
  if (!sceneId) return 'create';
  return saved.title === next.title && saved.spaceTemplateId === next.spaceTemplateId ? 'none' : 'patch';
}
