// The content-library module other features (the editor's Add Content panel) use.
export { UploadDialog } from './UploadDialog.tsx';
export { LibrarySection } from './LibrarySection.tsx';
export { AssetCard } from './AssetCard.tsx';
export { ModelStats } from './ModelStats.tsx';
export { uploadAsset, useAsset, useLibrary, useLicenses } from './queries.ts';
