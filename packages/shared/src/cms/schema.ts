import { z } from 'zod';

export const faq = z.object({
  id: z.string(),
  slug: z.string(),
  question: z.string(),
  answer: z.string(),
  category: z.string(),
  position: z.number().int(),
});
export type Faq = z.infer<typeof faq>;
export const faqList = z.array(faq);
export const faqQuery = z.strictObject({ category: z.string().max(50).optional() });
