import type { DocInput } from './build/types.ts';

export type TemplateSize = 'S' | 'M' | 'L';
export type TemplateTier = 'Standard' | 'Premium';

/** A premade space the district shop sells (spec: Space template). `document` is a scene document v1. */
export interface SpaceTemplate {
  spaceTemplateId: string;
  spaceTemplateFamilyId: string;
  size: TemplateSize;
  title: string;
  tier: TemplateTier;
  /** Price in credits when bought for a district. */
  districtPrice: number;
  /** Floor area of the main room in m², for listings. */
  areaM2: number;
  document: DocInput;
}

/** Spec: Space template family. coverPhoto/photoGallery are engine renders served at /static/thumbnails/. */
export interface SpaceTemplateFamily {
  spaceTemplateFamilyId: string;
  title: string;
  description: string;
  coverPhoto: string;
  photoGallery: string[];
  templates: SpaceTemplate[];
}

export interface SizeSpec { size: TemplateSize; w: number; d: number; price: number; tier: TemplateTier }

/** What a family module provides: its words, its sizes, and how to build one size. */
export interface FamilyDefinition {
  id: string;
  title: string;
  description: string;
  sizes: SizeSpec[];
  build(spec: SizeSpec, spaceTemplateId: string): DocInput;
}
