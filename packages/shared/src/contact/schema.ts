import { z } from 'zod';
import { msg } from '../messages.ts';
import { CONTACT_LIMITS as L } from '../constants.ts';

export const INQUIRY_TYPES = ['Sales', 'Technical Support', 'Partnerships'] as const;

const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, msg.maxChars(max));

const email = z
  .string({ error: msg.contact.email })
  .trim()
  .min(1, msg.contact.email)
  .max(L.emailMax, msg.maxChars(L.emailMax))
  .pipe(z.email(msg.contact.emailInvalid));

export const contactBody = z.strictObject({
  firstName: requiredText(msg.contact.firstName, L.nameMax),
  lastName: requiredText(msg.contact.lastName, L.nameMax),
  email,
  inquiryType: z.enum(INQUIRY_TYPES, { error: msg.contact.inquiryType }),
  country: requiredText(msg.contact.country, L.countryMax),
  message: requiredText(msg.contact.message, L.messageMax),
  company: z.string().trim().max(L.companyMax, msg.maxChars(L.companyMax)).optional(),
});
export type ContactBody = z.infer<typeof contactBody>;

export const contactResult = z.object({ id: z.string(), message: z.string() });
export type ContactResult = z.infer<typeof contactResult>;

export const comingSoonBody = z.strictObject({ email });
export type ComingSoonBody = z.infer<typeof comingSoonBody>;
export const comingSoonResult = z.object({ subscribed: z.boolean(), message: z.string() });
