import { expandFamily } from './family.ts';
import { auditorium } from './families/auditorium.ts';
import { classroom } from './families/classroom.ts';
import { gallery } from './families/gallery.ts';
import { loft } from './families/loft.ts';
import { museumHall } from './families/museum.ts';
import { pavilion } from './families/pavilion.ts';
import { plaza } from './families/plaza.ts';
import { showroom } from './families/showroom.ts';
import type { SpaceTemplate, SpaceTemplateFamily } from './types.ts';

export * from './types.ts';

/** Every premade space family, each with S/M/L documents built once at import. */
export const templateFamilies: readonly SpaceTemplateFamily[] = [gallery, museumHall, showroom, auditorium, classroom, loft, plaza, pavilion].map(expandFamily);

const byId = new Map(templateFamilies.flatMap((f) => f.templates.map((t) => [t.spaceTemplateId, t] as const)));

export function getTemplate(spaceTemplateId: string): SpaceTemplate | undefined {
  return byId.get(spaceTemplateId);
}

export function listTemplates(): SpaceTemplate[] {
  return templateFamilies.flatMap((f) => f.templates);
}

export function getTemplateFamily(spaceTemplateFamilyId: string): SpaceTemplateFamily | undefined {
  return templateFamilies.find((f) => f.spaceTemplateFamilyId === spaceTemplateFamilyId);
}
