import { eq, getTableColumns, type SQL } from 'drizzle-orm';
import type { SceneCard } from '@atrium/shared';
import type { Db } from '../../db/client.ts';
import { scenes, slots, users } from '../../db/schema/index.ts';
import { profilePictureUrl } from '../users/pictureUrls.ts';

// Listing reads never load the scene documents: a card needs metadata, counters and slot facts only.
const { content: _c, publishedContent: _p, search: _s, ...listColumns } = getTableColumns(scenes);
/** A space row without its documents: what listings and access checks read. */
export const sceneListColumns = listColumns;

export const cardSelection = {
  ...listColumns,
  creatorName: users.name,
  creatorPicture: users.profilePicture,
  slotId: slots.id,
  slotExpiresAt: slots.expiresAt,
};

/** A select of card rows: scenes with their creator and slot; callers add where/order/limit. */
export const selectCards = (db: Db) =>
  db
    .select(cardSelection)
    .from(scenes)
    .leftJoin(users, eq(users.id, scenes.creatorId))
    .leftJoin(slots, eq(slots.sceneId, scenes.id))
    .$dynamic();

export type CardRow = Awaited<ReturnType<ReturnType<typeof selectCards>['execute']>>[number];

export async function cardsWhere(db: Db, where: SQL) {
  return (await selectCards(db).where(where)).map(toCard);
}


export function toCard(r: CardRow): SceneCard {
  return {
    sceneId: r.id,
    title: r.title,
    description: r.description,
    tags: r.tags,
    coverPhotoUri: r.coverPhotoUri,
    thumbnailUri: r.thumbnailUri,
    spaceTemplateId: r.spaceTemplateId,
    state: r.state,
    visible: r.visible,
    publishedPublic: r.publishedPublic,
    creatorId: r.creatorId,
    ownerId: r.ownerId,
    creator: r.creatorId ? { userId: r.creatorId, name: r.creatorName ?? '', profilePicture: profilePictureUrl(r.creatorId, r.creatorPicture) } : null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    publishedAt: r.publishedAt?.toISOString() ?? null,
    likes: r.likesCount,
    views: r.viewsCount,
    comments: r.commentsCount,
    commentsEnabled: r.commentsEnabled,
    adultContent: r.adultContent,
    photoGallery: r.photoGallery,
    privacyACLEnabled: r.privacyAclEnabled,
    communicationACLEnabled: r.communicationAclEnabled,
    slotId: r.slotId,
    expiresAt: r.slotExpiresAt?.toISOString() ?? null,
    districtId: r.districtId,
    districtSubdomain: r.districtSubdomain,
    publishedPublicDistricts: r.publishedPublicDistricts,
    publishedPrivateDistricts: r.publishedPrivateDistricts,
  };
}
