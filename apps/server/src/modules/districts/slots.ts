import { AppError, msg } from '@atrium/shared';
import { DISTRICT_SLOT_MSG, DISTRICT_SUBMISSION, type DistrictSlotView } from '@atrium/shared/districts/submission';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../plugins/actor.ts';
import type { DistrictAccess } from '../sceneAccess/districtAccess.ts';
import type { DistrictsRepo } from './repo.ts';
import type { DistrictSlotRow, DistrictSlotsRepo } from './slotsRepo.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const view = (r: DistrictSlotRow): DistrictSlotView => ({
  slotId: r.id,
  districtId: r.districtId,
  districtTitle: r.districtTitle,
  districtSubdomain: r.districtSubdomain,
  origin: r.productId ? 'purchased' : 'included',
  priceCoin: r.priceCoin,
  sceneId: r.sceneId,
  sceneTitle: r.sceneTitle,
  publisherId: r.sceneId ? r.publisherId : null,
  createdAt: r.createdAt.toISOString(),
});

/**
 * District slots (spec §3 Slot districtSlot, §6 "a district slot comes from the owner"): the Owner
 * publishes into any empty slot of the district; a Creator into an empty one while they hold fewer of
 * the district's slots than the Owner allocated them (Members → allocated spaces); a Guest, a Creator
 * of another district or an outsider never.
 */
export class DistrictSlotsService {
  private readonly d: { repo: DistrictSlotsRepo; districts: DistrictsRepo; access: DistrictAccess; now: () => Date };
  constructor(deps: { repo: DistrictSlotsRepo; districts: DistrictsRepo; access: DistrictAccess; now?: () => Date }) {
    this.d = { now: () => new Date(), ...deps };
  }

  /** The district's slots and what they hold, for its Owner and Creators. */
  async ofDistrict(actor: Actor, districtId: string): Promise<DistrictSlotView[]> {
    const { role } = await this.d.access.assertVisit(actor, await this.d.districts.find(districtId));
    if (role !== 'Owner' && role !== 'Creator') throw new AppError('FORBIDDEN', DISTRICT_SLOT_MSG.slotsForMembers);
    return (await this.d.repo.ofDistrict(districtId)).map(view);
  }

  /** Empty district slots the caller may publish into now (the publish wizard's placement step). */
  async usable(actor: Actor): Promise<DistrictSlotView[]> {
    return (await this.d.repo.usableBy(actor.userId, this.d.now())).map(view);
  }

  /** GET /api/district/items: what a district slot costs beyond the included ones. */
  items() {
    return [{ districtItemId: 'district-slot', type: 'slot' as const, priceCoin: DISTRICT_SUBMISSION.slotPriceCoin, included: DISTRICT_SUBMISSION.includedSlots }];
  }

  /**
   * The publish rule for a district slot, inside the publishing transaction with the slot row locked
   * (modules/publishing calls it): outsiders learn nothing (the same 404 as someone else's slot),
   * a slot holding another space is taken, and the Creator's allocation is counted under a lock on
   * their membership row.
   */
  async assertPublish(tx: Tx, actor: Actor, slot: { id: string; districtId: string; sceneId: string | null }, sceneId: string): Promise<void> {
    const member = await this.d.repo.lockMember(tx, slot.districtId, actor.userId);
    if (!member) throw new AppError('NOT_FOUND', msg.publishing.noAvailableSlot);
    if (member.role !== 'Owner' && member.role !== 'Creator') throw new AppError('FORBIDDEN', DISTRICT_SLOT_MSG.membersOnly);
    if (slot.sceneId !== null && slot.sceneId !== sceneId) throw new AppError('SLOT_TAKEN');
    if (member.role === 'Owner') return;
    if ((await this.d.repo.heldBy(tx, slot.districtId, actor.userId, slot.id)) >= member.allocatedSlots)
      throw new AppError('FORBIDDEN', DISTRICT_SLOT_MSG.notAllocated);
  }
}
