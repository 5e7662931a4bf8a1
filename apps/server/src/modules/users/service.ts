import crypto from 'node:crypto';
import {
  AppError,
  highestRole,
  isLanguage,
  patchMyUserBody,
  type MyUser,
  type PatchMyUserBody,
  type PublicUser,
} from '@atrium/shared';
import type { Db } from '../../db/client.ts';
import type { Storage } from '../../storage/index.ts';
import type { Actor } from '../../plugins/actor.ts';
import { processImage, type ImageKind } from './images.ts';
import { coverPhotoUrl, profilePictureUrl } from './pictureUrls.ts';
import { tombstoneUser, type UserRow, type UsersRepo, type UserUpdate } from './repo.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toPublicUser(u: UserRow): PublicUser {
  return {
    userId: u.id,
    name: u.name,
    username: u.username,
    profilePicture: profilePictureUrl(u.id, u.profilePicture),
    coverPhoto: coverPhotoUrl(u.id, u.coverPhoto),
    coverPhotoPosition: u.coverPhotoPosition,
    bio: u.bio,
    birthday: u.birthday,
    city: u.city,
    country: u.country,
    gender: u.gender,
    occupation: u.occupation,
    website: u.website,
    socialMedia: u.socialMedia,
    role: highestRole([u.role]),
    numOfFollowers: u.numOfFollowers,
    numOfFollowing: u.numOfFollowing,
    numPublishedSpaces: 0,
    searchable: u.searchable,
    allowGroupInvites: u.allowGroupInvites,
    showContentLibrary: u.showContentLibrary,
    showGroups: u.showGroups,
    signedUp: u.createdAt.toISOString(),
    active: u.deletedAt === null,
  };
}

export function toMyUser(u: UserRow): MyUser {
  return {
    ...toPublicUser(u),
    email: u.email,
    autoSave: u.autoSave,
    privateSpaceInvitationCode: u.privateSpaceInvitationCode,
    loginProvider: u.loginProvider,
    lastLogin: iso(u.lastLogin),
    language: isLanguage(u.language) ? u.language : null,
  };
}

/** What a profile needs of the follow graph (the follows module's repository fits it). */
export interface FollowLookup {
  isFollowing(followerId: string, followeeId: string): Promise<boolean>;
}

/**
 * The built-in provider's side of an account deletion (the auth module's AccountService fits it).
 * Declared here so users never imports auth, which builds on users.
 */
export interface LocalAccounts {
  checkPassword(accountId: string, password: string): Promise<unknown>;
  repo: { revokeProviderState(accountId: string): Promise<unknown>; delete(accountId: string): Promise<unknown> };
}

export interface UsersServiceDeps {
  db: Db;
  repo: UsersRepo;
  follows: FollowLookup;
  storage: Storage;
  /** Present with the built-in provider: deletion checks the password and removes the local account. */
  accounts?: LocalAccounts;
}

export type UploadedImages = Partial<Record<ImageKind, Buffer>>;

/** Rules for user profiles and settings. Permission checks come first; no SQL, no HTTP. */
export class UsersService {
  private readonly d: UsersServiceDeps;
  constructor(deps: UsersServiceDeps) {
    this.d = deps;
  }

  async my(actor: Actor): Promise<MyUser> {
    const row = await this.d.repo.byId(actor.userId);
    if (!row) throw new AppError('UNAUTHENTICATED');
    return toMyUser(row);
  }

  async get(viewer: Actor | null, id: string): Promise<PublicUser> {
    const row = await this.d.repo.byId(id);
    if (!row) throw new AppError('NOT_FOUND');
    const user = toPublicUser(row);
    if (viewer && viewer.userId !== id) user.isFollowed = await this.d.follows.isFollowing(viewer.userId, id);
    return user;
  }

  async many(ids: string[]): Promise<PublicUser[]> {
    const rows = await this.d.repo.many([...new Set(ids)]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.flatMap((id) => (byId.has(id) ? [toPublicUser(byId.get(id)!)] : []));
  }

  /** Only users who switched "searchable" on appear (spec §2 Settings). */
  async search(q: string | undefined, cp: number, ipp: number) {
    const { rows, total } = await this.d.repo.search(q, cp, ipp);
    return { items: rows.map(toPublicUser), total };
  }

  /** Only the owner edits a profile: another user's id is refused before anything is read. */
  async update(actor: Actor, targetId: string, input: unknown, images: UploadedImages = {}): Promise<MyUser> {
    if (actor.userId !== targetId) throw new AppError('FORBIDDEN');
    const parsed = patchMyUserBody.safeParse(input);
    if (!parsed.success) {
      const fieldErrors: Record<string, string[]> = {};
      for (const i of parsed.error.issues) (fieldErrors[i.path.join('.') || '_'] ??= []).push(i.message);
      const [field, messages] = Object.entries(fieldErrors)[0]!;
      throw new AppError('VALIDATION_FAILED', `${field}: ${messages[0]}`, { fieldErrors });
    }
    const current = await this.d.repo.byId(targetId);
    if (!current) throw new AppError('NOT_FOUND');
    const patch: UserUpdate = this.toUpdate(parsed.data);
    const replaced: string[] = [];
    for (const kind of ['profilePicture', 'coverPhoto'] as const) {
      const input = images[kind];
      if (!input) continue;
      const jpeg = await processImage(kind, input);
      const key = `users/${targetId}/${kind === 'profilePicture' ? 'picture' : 'cover'}-${crypto.randomBytes(8).toString('hex')}.jpg`;
      await this.d.storage.put(key, jpeg);
      patch[kind] = key;
      if (current[kind]) replaced.push(current[kind]);
    }
    const row = await this.d.repo.update(targetId, patch);
    await Promise.all(replaced.map((k) => this.d.storage.delete(k)));
    return toMyUser(row);
  }

  private toUpdate(b: PatchMyUserBody): UserUpdate {
    const u: UserUpdate = {};
    for (const [k, v] of Object.entries(b)) if (v !== undefined) (u as Record<string, unknown>)[k] = v;
    if (b.coverPhotoPosition !== undefined) u.coverPhotoPosition = Math.round(b.coverPhotoPosition);
    return u;
  }

  async removeImage(actor: Actor, targetId: string, kind: ImageKind) {
    if (actor.userId !== targetId) throw new AppError('FORBIDDEN');
    const current = await this.d.repo.byId(targetId);
    if (!current) throw new AppError('NOT_FOUND');
    const row = await this.d.repo.update(targetId, { [kind]: null });
    if (current[kind]) await this.d.storage.delete(current[kind]);
    return toMyUser(row);
  }

  async image(id: string, kind: ImageKind) {
    const row = await this.d.repo.byId(id);
    const key = row?.[kind];
    const file = key ? await this.d.storage.get(key) : null;
    if (!file) throw new AppError('NOT_FOUND');
    return file;
  }

  /**
   * Deletes the account: personal data and files go, follows and API keys go, and every session and
   * token is revoked. With the built-in provider the password must be confirmed first.
   */
  async deleteAccount(actor: Actor, targetId: string, password: string | undefined) {
    if (actor.userId !== targetId) throw new AppError('FORBIDDEN');
    if (actor.via !== 'bearer') throw new AppError('FORBIDDEN');
    const row = await this.d.repo.byId(targetId);
    if (!row) throw new AppError('NOT_FOUND');
    const local = row.loginProvider === 'atrium' && this.d.accounts;
    if (local) await this.d.accounts!.checkPassword(row.subject, password ?? '');
    await tombstoneUser(this.d.db, targetId);
    await this.d.storage.deletePrefix(`users/${targetId}`);
    if (local) {
      await this.d.accounts!.repo.revokeProviderState(row.subject);
      await this.d.accounts!.repo.delete(row.subject);
    }
  }

  // Settings enforcement (spec §2): later features (library, groups) ask these before answering.
  async canSeeContentLibrary(viewer: Actor | null, ownerId: string) {
    if (viewer?.userId === ownerId) return true;
    return (await this.d.repo.byId(ownerId))?.showContentLibrary ?? false;
  }

  async canSeeGroups(viewer: Actor | null, ownerId: string) {
    if (viewer?.userId === ownerId) return true;
    return (await this.d.repo.byId(ownerId))?.showGroups ?? false;
  }

  async canBeAddedToGroups(userId: string) {
    return (await this.d.repo.byId(userId))?.allowGroupInvites ?? false;
  }
}
