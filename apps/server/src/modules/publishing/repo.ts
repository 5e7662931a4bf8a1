import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sceneAcl, scenes } from '../../db/schema/index.ts';
import type { SlotRow, SlotsRepo } from '../slots/repo.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface PublishFlags {
  publishedPublic: boolean;
  visible: boolean;
  commentsEnabled: boolean;
  adultContent: boolean;
  privacyAclEnabled: boolean;
  communicationAclEnabled: boolean;
}

export interface AclLists {
  privacy: string[];
  communication: string[];
  groups: { privacy: string[]; communication: string[] };
}

export class PublishingRepo {
  private readonly db: Db;
  private readonly slots: SlotsRepo;
  constructor(db: Db, slots: SlotsRepo) {
    this.db = db;
    this.slots = slots;
  }

  /**
   * Runs `check` on the locked target slot, then places the scene there. With `copyDraft` the draft
   * document becomes the live one (publish and republish); a move keeps the live version as it is.
   */
  async placeInSlot(
    sceneId: string,
    slotId: string,
    check: (slot: SlotRow | undefined, tx: Tx) => void | Promise<void>,
    update: { flags?: PublishFlags; acl?: AclLists; copyDraft: boolean },
  ) {
    return this.db.transaction(async (tx) => {
      await check(await this.slots.lock(tx, slotId), tx);
      await this.slots.place(tx, slotId, sceneId);
      const now = new Date();
      const set = {
        ...(update.flags ?? {}),
        ...(update.copyDraft
          ? {
              state: 'Published' as const,
              publishedContent: sql`${scenes.content}`,
              publishedContentVersion: sql`${scenes.contentVersion}`,
              // Date Published is the first publication of this run; republishing keeps it.
              publishedAt: sql`case when ${scenes.state} = 'Published' then coalesce(${scenes.publishedAt}, ${now}) else ${now} end`,
            }
          : {}),
      };
      // A move changes only the slot; the space row stays as it is.
      if (Object.keys(set).length) await tx.update(scenes).set(set).where(eq(scenes.id, sceneId));
      if (update.acl) await this.replaceAcl(tx, sceneId, update.acl);
    });
  }

  async replaceAcl(tx: Tx | Db, sceneId: string, acl: AclLists) {
    await tx.delete(sceneAcl).where(eq(sceneAcl.sceneId, sceneId));
    const entries = (list: 'privacy' | 'communication', principalType: 'user' | 'group', ids: string[]) =>
      [...new Set(ids)].map((principalId) => ({ sceneId, list, principalType, principalId }));
    const rows = [
      ...entries('privacy', 'user', acl.privacy),
      ...entries('communication', 'user', acl.communication),
      ...entries('privacy', 'group', acl.groups.privacy),
      ...entries('communication', 'group', acl.groups.communication),
    ];
    if (rows.length) await tx.insert(sceneAcl).values(rows);
  }

  async acl(sceneId: string): Promise<AclLists> {
    const rows = await this.db.select().from(sceneAcl).where(eq(sceneAcl.sceneId, sceneId));
    const pick = (list: 'privacy' | 'communication', type: 'user' | 'group') =>
      rows.filter((r) => r.list === list && r.principalType === type).map((r) => r.principalId);
    return {
      privacy: pick('privacy', 'user'),
      communication: pick('communication', 'user'),
      groups: { privacy: pick('privacy', 'group'), communication: pick('communication', 'group') },
    };
  }

  async updateAclSettings(sceneId: string, flags: Pick<PublishFlags, 'privacyAclEnabled' | 'communicationAclEnabled'>, acl: AclLists) {
    await this.db.transaction(async (tx) => {
      await tx.update(scenes).set(flags).where(eq(scenes.id, sceneId));
      await this.replaceAcl(tx, sceneId, acl);
    });
  }

  async unpublish(sceneId: string) {
    await this.db.transaction(async (tx) => {
      await this.slots.release(tx, sceneId);
      await tx.update(scenes).set({ state: 'Draft' }).where(eq(scenes.id, sceneId));
    });
  }

  async setVisible(sceneId: string, visible: boolean) {
    await this.db.update(scenes).set({ visible }).where(eq(scenes.id, sceneId));
  }

  async delete(sceneId: string) {
    await this.db.delete(scenes).where(eq(scenes.id, sceneId));
  }
}
