import type { FamilyDefinition, SpaceTemplateFamily } from './types.ts';

const SIZE_WORD = { S: 'Small', M: 'Medium', L: 'Large' } as const;

/** Expands a family definition into the catalogue shape with one built document per size. */
export function expandFamily(def: FamilyDefinition): SpaceTemplateFamily {
  return {
    spaceTemplateFamilyId: def.id,
    title: def.title,
    description: def.description,
    // Engine renders (`npm run thumbnails`), served by the server from packages/assets/thumbnails.
    coverPhoto: `/static/thumbnails/${def.id}-m.webp`,
    photoGallery: def.sizes.map((s) => `/static/thumbnails/${def.id}-${s.size.toLowerCase()}.webp`),
    templates: def.sizes.map((spec) => {
      const spaceTemplateId = `${def.id}-${spec.size.toLowerCase()}`;
      return {
        spaceTemplateId,
        spaceTemplateFamilyId: def.id,
        size: spec.size,
        title: `${def.title} · ${SIZE_WORD[spec.size]}`,
        tier: spec.tier,
        districtPrice: spec.price,
        areaM2: spec.w * spec.d,
        document: def.build(spec, spaceTemplateId),
      };
    }),
  };
}
