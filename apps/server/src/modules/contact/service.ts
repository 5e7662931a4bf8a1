import { msg, type ComingSoonBody, type ContactBody } from '@atrium/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../mail/mailer.ts';
import type { ContactRepo } from './repo.ts';

export class ContactService {
  private readonly repo: ContactRepo;
  private readonly mailer: Mailer;
  private readonly inbox: string;
  private readonly log: FastifyBaseLogger;
  constructor(deps: { repo: ContactRepo; mailer: Mailer; inbox: string; log: FastifyBaseLogger }) {
    this.repo = deps.repo;
    this.mailer = deps.mailer;
    this.inbox = deps.inbox;
    this.log = deps.log;
  }

  /** The message is stored first, so a mail outage never loses it; mailed_at records delivery. */
  async send(body: ContactBody, ip: string | null) {
    const saved = await this.repo.insertMessage({ ...body, company: body.company || null, ip });
    try {
      await this.mailer.send({
        to: this.inbox,
        replyTo: body.email,
        subject: `[Atrium contact] ${body.inquiryType} from ${body.firstName} ${body.lastName}`,
        text: [
          `Name: ${body.firstName} ${body.lastName}`,
          `Email: ${body.email}`,
          `Inquiry type: ${body.inquiryType}`,
          `Country: ${body.country}`,
          `Company: ${body.company || '-'}`,
          `Message id: ${saved.id}`,
          '',
          body.message,
        ].join('\n'),
      });
      await this.repo.markMailed(saved.id);
    } catch (err) {
      this.log.error({ err, contactMessageId: saved.id }, 'contact message stored but mail delivery failed');
    }
    return { id: saved.id, message: msg.contact.sent };
  }

  async subscribe(body: ComingSoonBody) {
    const subscribed = await this.repo.addSignup(body.email.toLowerCase());
    return {
      subscribed,
      message: subscribed ? msg.comingSoon.subscribed : msg.comingSoon.alreadySubscribed,
    };
  }
}
