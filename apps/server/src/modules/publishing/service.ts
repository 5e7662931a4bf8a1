import type {
  publishBody} from '@atrium/shared';
import {
  AppError,
  draftsLimitFor,
  emptySceneDocument,
  msg,
  roleAtLeast,
  tagListError,
  type AccessLists,
  type CommunicationAccess,
  type MySceneMetadata,
  type SceneCard,
} from '@atrium/shared';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { scenes } from '../../db/schema/index.ts';
import type { ScenesRepo, SceneRow } from '../scenes/repo.ts';
import { toMyMetadata } from '../scenes/ownerService.ts';
import { isExpired } from '../slots/service.ts';
import type { SlotsService } from '../slots/service.ts';
import type { SlotRow } from '../slots/repo.ts';
import type { Actor } from '../../plugins/actor.ts';
import type { SceneAccess } from '../sceneAccess/access.ts';
import { cardsWhere } from '../sceneAccess/cards.ts';
import type { AclLists, PublishingRepo } from './repo.ts';
import type { GroupsService } from '../groups/service.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The district slot rule (modules/districts' DistrictSlotsService), handed over in app.ts. */
export interface DistrictSlotRule {
  assertPublish(tx: Tx, actor: Actor, slot: { id: string; districtId: string; sceneId: string | null }, sceneId: string): Promise<void>;
}

type PublishInput = z.output<typeof publishBody>;
type AclInput = Omit<AccessLists, 'sceneId'>;

const aclLists = (input: AclInput): AclLists => ({
  privacy: input.userPrivacyACL,
  communication: input.userCommunicationACL,
  groups: { privacy: input.groupPrivacyACL, communication: input.groupCommunicationACL },
});

/**
 * Spec §4 space actions: publish (into a slot), unpublish, hide/unhide, delete, duplicate, move, and
 * the privacy/communication lists. Ownership is checked before anything else.
 */
export class PublishingService {
  private readonly db: Db;
  private readonly repo: PublishingRepo;
  private readonly scenes: ScenesRepo;
  private readonly slots: SlotsService;
  private readonly access: SceneAccess;
  private readonly groups: GroupsService;
  private readonly districtSlots: DistrictSlotRule | undefined;
  constructor(deps: { db: Db; repo: PublishingRepo; scenes: ScenesRepo; slots: SlotsService; access: SceneAccess; groups: GroupsService; districtSlots?: DistrictSlotRule }) {
    this.db = deps.db;
    this.districtSlots = deps.districtSlots;
    this.groups = deps.groups;
    this.repo = deps.repo;
    this.scenes = deps.scenes;
    this.slots = deps.slots;
    this.access = deps.access;
  }

  private async owned(actor: Actor, id: string): Promise<SceneRow> {
    const row = await this.scenes.findById(id);
    await this.access.assertOwner(actor, row);
    return row!;
  }

  async card(id: string): Promise<SceneCard> {
    const [card] = await cardsWhere(this.db, eq(scenes.id, id));
    if (!card) throw new AppError('NOT_FOUND', msg.scene.notFound);
    return card;
  }

  /**
   * Checks a slot the actor wants to place `sceneId` in: theirs (else not found), unexpired and not
   * holding another space (409). A district slot follows the district's rule instead (its Owner, or a
   * Creator within their allocation), checked in the same transaction.
   */
  private slotCheck(actor: Actor, sceneId: string) {
    return async (slot: SlotRow | undefined, tx: Tx) => {
      if (slot?.districtId) {
        if (!this.districtSlots) throw new AppError('NOT_FOUND', msg.publishing.noAvailableSlot);
        await this.districtSlots.assertPublish(tx, actor, { id: slot.id, districtId: slot.districtId, sceneId: slot.sceneId }, sceneId);
        // After the district's rule, so outsiders learn nothing; a lapsed Owner's Pro plan expires the slots.
        if (isExpired(slot, this.slots.now())) throw new AppError('NO_AVAILABLE_SLOT', msg.publishing.slotExpired);
        return;
      }
      // Another person's slot is as unknown as a missing one: slots are never public.
      if (!slot || slot.ownerId !== actor.userId) throw new AppError('NOT_FOUND', msg.publishing.noAvailableSlot);
      if (isExpired(slot, this.slots.now())) throw new AppError('NO_AVAILABLE_SLOT', msg.publishing.slotExpired);
      if (slot.sceneId !== null && slot.sceneId !== sceneId) throw new AppError('SLOT_TAKEN');
    };
  }

  /**
   * Custom privacy and communication lists need Standard or Pro (spec §6), and may name only the
   * owner's own groups.
   */
  private async assertAclAllowed(actor: Actor, lists: AclInput) {
    if ((lists.privacyACLEnabled || lists.communicationACLEnabled) && !roleAtLeast(actor.role, 'pro-user'))
      throw new AppError('PLAN_REQUIRED');
    await this.groups.assertUsable(actor, [
      { field: 'groupPrivacyACL', ids: lists.groupPrivacyACL },
      { field: 'groupCommunicationACL', ids: lists.groupCommunicationACL },
    ]);
  }

  async publish(actor: Actor, id: string, input: PublishInput): Promise<SceneCard> {
    const row = await this.owned(actor, id);
    await this.assertAclAllowed(actor, input);
    const tagsError = tagListError(row.tags);
    if (tagsError) throw new AppError('VALIDATION_FAILED', `tags: ${tagsError}`, { fieldErrors: { tags: [tagsError] } });
    await this.slots.ensure(actor);
    await this.repo.placeInSlot(id, input.slotId, this.slotCheck(actor, id), {
      copyDraft: true,
      flags: {
        publishedPublic: input.publishedPublic,
        visible: input.visible,
        commentsEnabled: input.comments,
        adultContent: input.adultContent,
        privacyAclEnabled: input.privacyACLEnabled,
        communicationAclEnabled: input.communicationACLEnabled,
      },
      acl: aclLists(input),
    });
    return this.card(id);
  }

  async move(actor: Actor, id: string, slotId: string): Promise<SceneCard> {
    const row = await this.owned(actor, id);
    if (row.state !== 'Published') throw new AppError('CONFLICT', msg.publishing.notPublished);
    await this.repo.placeInSlot(id, slotId, this.slotCheck(actor, id), { copyDraft: false });
    return this.card(id);
  }

  async unpublish(actor: Actor, id: string): Promise<SceneCard> {
    await this.owned(actor, id);
    await this.repo.unpublish(id);
    return this.card(id);
  }

  async setVisible(actor: Actor, id: string, visible: boolean): Promise<SceneCard> {
    await this.owned(actor, id);
    await this.repo.setVisible(id, visible);
    return this.card(id);
  }

  async delete(actor: Actor, id: string): Promise<void> {
    await this.owned(actor, id);
    await this.repo.delete(id);
  }

  /** A draft copy of the owner's space (its draft document), within the plan's drafts limit. */
  async duplicate(actor: Actor, id: string): Promise<MySceneMetadata> {
    const src = await this.owned(actor, id);
    const limit = draftsLimitFor(actor.role);
    const copy = await this.scenes.insertDraftWithin(
      {
        ownerId: actor.userId,
        creatorId: actor.userId,
        title: `${src.title} (copy)`.slice(0, 100),
        description: src.description,
        tags: src.tags,
        coverPhotoUri: src.coverPhotoUri,
        thumbnailUri: src.thumbnailUri,
        spaceTemplateId: src.spaceTemplateId,
        content: src.content ?? emptySceneDocument(),
      },
      limit,
    );
    if (!copy) throw new AppError('DRAFTS_LIMIT_REACHED', msg.scene.draftsLimitReached(limit ?? 0), { limit });
    return toMyMetadata(copy);
  }

  async accessLists(actor: Actor, id: string): Promise<AccessLists> {
    const row = await this.owned(actor, id);
    const acl = await this.repo.acl(id);
    return {
      sceneId: id,
      privacyACLEnabled: row.privacyAclEnabled,
      userPrivacyACL: acl.privacy,
      groupPrivacyACL: acl.groups.privacy,
      communicationACLEnabled: row.communicationAclEnabled,
      userCommunicationACL: acl.communication,
      groupCommunicationACL: acl.groups.communication,
    };
  }

  async setAccessLists(actor: Actor, id: string, input: AclInput): Promise<AccessLists> {
    await this.owned(actor, id);
    await this.assertAclAllowed(actor, input);
    await this.repo.updateAclSettings(
      id,
      { privacyAclEnabled: input.privacyACLEnabled, communicationAclEnabled: input.communicationACLEnabled },
      aclLists(input),
    );
    return this.accessLists(actor, id);
  }

  /**
   * For the Realtime work: may the caller talk in this space? Readers only; others get the read
   * refusal. Who is on the list is the owner's business: others learn only their own answer.
   */
  async communication(actor: Actor | null, id: string): Promise<CommunicationAccess> {
    const row = await this.scenes.findById(id);
    await this.access.assertRead(actor, row);
    const enabled = row!.communicationAclEnabled;
    const own = actor !== null && row!.ownerId === actor.userId;
    const allowed = actor !== null && (own || !enabled || (await this.access.isListed(id, 'communication', actor.userId)));
    const acl = own ? await this.repo.acl(id) : null;
    return { sceneId: id, enabled, users: acl?.communication ?? [], groups: acl?.groups.communication ?? [], allowed };
  }
}
