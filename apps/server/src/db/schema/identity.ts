import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// Identity: built-in provider accounts and its persisted state, API-facing user profiles, follows, API keys.

/** Local sign-in accounts of the built-in OpenID provider. External-provider users have none. */
export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull(),
    role: text('role').notNull().default('free-user'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('accounts_email_uq').on(t.email)],
);

/** Single-use password reset tokens; only a SHA-256 of the token is stored. */
export const passwordResets = pgTable('password_resets', {
  tokenHash: text('token_hash').primaryKey(),
  accountId: uuid('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** oidc-provider's models (sessions, grants, codes, interactions …), one row per model instance. */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    id: text('id').notNull(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    accountId: text('account_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.id] }),
    index('oidc_payloads_grant_idx').on(t.grantId),
    index('oidc_payloads_uid_idx').on(t.uid),
    index('oidc_payloads_account_idx').on(t.accountId),
    index('oidc_payloads_expires_idx').on(t.expiresAt),
  ],
);

/** Server secrets generated on first start (signing JWKS, cookie keys); never in the repository. */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The API's view of a person, keyed by the token subject (built-in account id or external `sub`). */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    subject: text('subject').notNull(),
    loginProvider: text('login_provider').notNull(),
    email: text('email'),
    name: text('name'),
    username: text('username'),
    bio: text('bio'),
    birthday: text('birthday'),
    city: text('city'),
    country: text('country'),
    gender: text('gender'),
    occupation: text('occupation'),
    website: text('website'),
    socialMedia: jsonb('social_media').$type<{ name: string; url: string }[]>().notNull().default([]),
    profilePicture: text('profile_picture'),
    coverPhoto: text('cover_photo'),
    coverPhotoPosition: integer('cover_photo_position').notNull().default(50),
    privateSpaceInvitationCode: text('private_space_invitation_code'),
    role: text('role').notNull().default('free-user'),
    autoSave: boolean('auto_save').notNull().default(true),
    searchable: boolean('searchable').notNull().default(true),
    allowGroupInvites: boolean('allow_group_invites').notNull().default(true),
    showContentLibrary: boolean('show_content_library').notNull().default(false),
    showGroups: boolean('show_groups').notNull().default(true),
    /** Interface language chosen in Settings or the profile menu (issue 17); null until chosen. */
    language: text('language'),
    numOfFollowers: integer('num_of_followers').notNull().default(0),
    numOfFollowing: integer('num_of_following').notNull().default(0),
    /** Access tokens issued before this instant are refused (sign-out everywhere, password change). */
    tokensValidAfter: timestamp('tokens_valid_after', { withTimezone: true }).notNull().defaultNow(),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    /** Set when the account is deleted: the row stays as a tombstone without personal data. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_subject_uq').on(t.subject),
    index('users_searchable_idx').on(t.searchable, t.name),
  ],
);

export const userFollows = pgTable(
  'user_follows',
  {
    followerId: uuid('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followeeId: uuid('followee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followeeId] }),
    index('user_follows_followee_idx').on(t.followeeId, t.createdAt),
  ],
);

export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** First characters of the key, shown in lists so the owner can tell keys apart. */
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('api_keys_hash_uq').on(t.keyHash), index('api_keys_user_idx').on(t.userId)],
);
