import { AppError, DISTRICT_LIMITS, districtUrl, MARKETPLACE, msg, PLAN_ROLES } from '@atrium/shared';
import { DISTRICT_SUBMISSION, districtCartCost, type DistrictSubmitResult, type districtSubmitBody } from '@atrium/shared/districts/submission';
import { getTemplate } from '@atrium/assets';
import type { z } from 'zod';
import type { Actor } from '../../plugins/actor.ts';
import { sha256Hex } from '../../sha256.ts';
import type { DistrictSubmissionRepo } from './submissionRepo.ts';

/**
 * Spec §4 Submission, server side: the web has already run card checkout when a bundle or a plan was
 * chosen (modules/payments; the webhook credited the wallet and started the plan), so here the
 * person must be Pro, and the cart (added district slots) is paid from the wallet in the same
 * transaction that creates the district. Nothing is half-created: any refusal leaves no district,
 * no slot and no charge.
 */
export class DistrictSubmissionService {
  private readonly d: { repo: DistrictSubmissionRepo; publicUrl: string; onPaid?: (userId: string) => void };
  constructor(deps: { repo: DistrictSubmissionRepo; publicUrl: string; onPaid?: (userId: string) => void }) {
    this.d = deps;
  }

  async submit(actor: Actor, idempotencyKey: string, body: z.output<typeof districtSubmitBody>): Promise<DistrictSubmitResult> {
    if (actor.role !== PLAN_ROLES.PRO) throw new AppError('PLAN_REQUIRED', msg.districts.proRequired);
    if (!getTemplate(body.freeSpaceTemplateId))
      throw new AppError('VALIDATION_FAILED', msg.districts.unknownTemplate, { fieldErrors: { freeSpaceTemplateId: [msg.districts.unknownTemplate] } });
    const cost = districtCartCost(body.extraSlots);
    // The total the wizard showed must be today's price: a changed price is refused, never charged.
    if (body.totalCoin !== cost) throw new AppError('BAD_REQUEST', msg.marketplace.totalMismatch, { totalCoin: cost });
    const out = await this.d.repo.submit({
      ownerId: actor.userId,
      idempotencyKey,
      requestHash: sha256Hex(JSON.stringify(body)),
      title: body.title,
      subdomain: body.subdomain,
      public: body.public,
      visible: body.visible,
      freeSpaceTemplateId: body.freeSpaceTemplateId,
      styles: body.styles,
      includedSlots: DISTRICT_SUBMISSION.includedSlots,
      extraSlots: body.extraSlots,
      slotPriceCoin: DISTRICT_SUBMISSION.slotPriceCoin,
      slotProductId: MARKETPLACE.items.extraSlot.itemId,
      costCoin: cost,
      maxDistricts: DISTRICT_LIMITS.perOwner,
    });
    switch (out) {
      case 'taken':
        throw new AppError('SUBDOMAIN_TAKEN', msg.districts.subdomainTaken, { fieldErrors: { subdomain: [msg.districts.subdomainTaken] } });
      case 'limit':
        throw new AppError('CONFLICT', msg.districts.tooMany(DISTRICT_LIMITS.perOwner));
      case 'insufficient':
        throw new AppError('INSUFFICIENT_CREDITS');
      case 'keyReused':
        throw new AppError('CONFLICT', msg.marketplace.idempotencyKeyReused);
    }
    if (out.paidCoin > 0) this.d.onPaid?.(actor.userId);
    return { ...out, url: districtUrl(this.d.publicUrl, out.subdomain) };
  }
}
