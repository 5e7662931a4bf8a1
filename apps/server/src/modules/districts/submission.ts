import { AppError, DISTRICT_LIMITS, districtUrl, MARKETPLACE, msg, PLAN_ROLES } from '@atrium/shared';
import {
  DISTRICT_SUBMISSION,
  districtCartCost,
  type DistrictPurchasesView,
  type DistrictSubmitResult,
  type districtSubmitBody,
  type districtUpgradeBody,
  type DistrictUpgradeResult,
} from '@atrium/shared/districts/submission';
import { getTemplate } from '@atrium/assets';
import type { z } from 'zod';
import type { Actor } from '../../plugins/actor.ts';
import { sha256Hex } from '../../sha256.ts';
import type { DistrictAccess } from '../sceneAccess/districtAccess.ts';
import type { DistrictsRepo } from './repo.ts';
import type { DistrictSlotsRepo } from './slotsRepo.ts';
import type { DistrictSubmissionRepo, SubmissionRefusal } from './submissionRepo.ts';

interface Deps {
  repo: DistrictSubmissionRepo;
  districts: DistrictsRepo;
  slots: DistrictSlotsRepo;
  access: DistrictAccess;
  publicUrl: string;
  onPaid?: (userId: string) => void;
}

/**
 * Spec §4 Submission, server side: the web has already run card checkout when a bundle or a plan was
 * chosen (modules/payments; the webhook credited the wallet and started the plan), so here the
 * person must be Pro, and the cart (added district slots, premade spaces bought for the district) is
 * paid from the wallet in the same transaction that creates or upgrades the district. Nothing is
 * half-done: any refusal leaves no district, no slot, no premade space and no charge.
 */
export class DistrictSubmissionService {
  private readonly d: Deps;
  constructor(deps: Deps) {
    this.d = deps;
  }

  async submit(actor: Actor, idempotencyKey: string, body: z.output<typeof districtSubmitBody>): Promise<DistrictSubmitResult> {
    if (actor.role !== PLAN_ROLES.PRO) throw new AppError('PLAN_REQUIRED', msg.districts.proRequired);
    if (!getTemplate(body.freeSpaceTemplateId))
      throw new AppError('VALIDATION_FAILED', msg.districts.unknownTemplate, { fieldErrors: { freeSpaceTemplateId: [msg.districts.unknownTemplate] } });
    const cost = this.checkTotal(body.totalCoin, districtCartCost(body.extraSlots));
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
    if (typeof out === 'string') throw refusal(out);
    if (out.paidCoin > 0) this.d.onPaid?.(actor.userId);
    return { ...out, url: districtUrl(this.d.publicUrl, out.subdomain) };
  }

  /**
   * The upgrade wizard's submit (spec §2 "When editing, it starts at Space slots"): the Owner adds
   * slots and buys premade spaces for the district. Outsiders of a private district get its
   * no-access answer, members the Owner-only one; a premade space the district already has (the free
   * pick or a bought one) is refused, never charged twice.
   */
  async upgrade(actor: Actor, districtId: string, idempotencyKey: string, body: z.output<typeof districtUpgradeBody>): Promise<DistrictUpgradeResult> {
    await this.d.access.assertOwner(actor, await this.d.districts.find(districtId));
    if (actor.role !== PLAN_ROLES.PRO) throw new AppError('PLAN_REQUIRED', msg.districts.proRequired);
    if (body.extraSlots === 0 && body.spaceTemplateIds.length === 0) throw new AppError('BAD_REQUEST', msg.districts.nothingToAdd);
    const premade = body.spaceTemplateIds.map((id) => {
      const tpl = getTemplate(id);
      if (!tpl) throw new AppError('VALIDATION_FAILED', msg.districts.unknownTemplate, { fieldErrors: { spaceTemplateIds: [msg.districts.unknownTemplate] } });
      return { spaceTemplateId: id, priceCoin: tpl.districtPrice };
    });
    const cost = this.checkTotal(
      body.totalCoin,
      districtCartCost(
        body.extraSlots,
        premade.map((p) => p.priceCoin),
      ),
    );
    const out = await this.d.repo.upgrade({
      ownerId: actor.userId,
      districtId,
      idempotencyKey,
      requestHash: sha256Hex(JSON.stringify(['upgrade', districtId, body])),
      extraSlots: body.extraSlots,
      premade,
      slotPriceCoin: DISTRICT_SUBMISSION.slotPriceCoin,
      slotProductId: MARKETPLACE.items.extraSlot.itemId,
      costCoin: cost,
    });
    if (typeof out === 'string') throw refusal(out);
    if (out.paidCoin > 0) this.d.onPaid?.(actor.userId);
    return { ...out, url: districtUrl(this.d.publicUrl, out.subdomain) };
  }

  /** What the district has (spec §7 purchased district items for {districtId}): the upgrade wizard's starting point. Owner only. */
  async purchases(actor: Actor, districtId: string): Promise<DistrictPurchasesView> {
    const row = await this.d.districts.find(districtId);
    await this.d.access.assertOwner(actor, row);
    const [slots, bought] = await Promise.all([this.d.slots.ofDistrict(districtId), this.d.repo.premadeOf(districtId)]);
    const purchasedSlots = slots.filter((s) => s.productId !== null).length;
    return {
      districtId,
      subdomain: row!.subdomain,
      title: row!.title,
      includedSlots: slots.length - purchasedSlots,
      purchasedSlots,
      premadeSpaces: [
        { spaceTemplateId: row!.freeSpaceTemplateId, free: true, priceCoin: 0, purchasedAt: null },
        ...bought.map((b) => ({ spaceTemplateId: b.spaceTemplateId, free: false, priceCoin: b.priceCoin, purchasedAt: b.purchasedAt.toISOString() })),
      ],
    };
  }

  /** The total the wizard showed must be today's price: a changed price is refused, never charged. */
  private checkTotal(totalCoin: number, cost: number): number {
    if (totalCoin !== cost) throw new AppError('BAD_REQUEST', msg.marketplace.totalMismatch, { totalCoin: cost });
    return cost;
  }
}

function refusal(why: SubmissionRefusal): AppError {
  switch (why) {
    case 'taken':
      return new AppError('SUBDOMAIN_TAKEN', msg.districts.subdomainTaken, { fieldErrors: { subdomain: [msg.districts.subdomainTaken] } });
    case 'limit':
      return new AppError('CONFLICT', msg.districts.tooMany(DISTRICT_LIMITS.perOwner));
    case 'insufficient':
      return new AppError('INSUFFICIENT_CREDITS');
    case 'keyReused':
      return new AppError('CONFLICT', msg.marketplace.idempotencyKeyReused);
    case 'premadeOwned':
      return new AppError('CONFLICT', msg.districts.premadeOwned);
    case 'gone':
      return new AppError('NOT_FOUND', msg.districts.notFound);
  }
}
