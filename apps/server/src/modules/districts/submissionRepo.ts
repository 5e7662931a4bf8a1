import { and, eq, inArray, sql } from 'drizzle-orm';
import { newId } from '../../db/newId.ts';
import type { DistrictStyles } from '@atrium/shared';
import type { Db } from '../../db/client.ts';
import { districtMembers, districtPremadeSpaces, districts, districtSubmissions, slots } from '../../db/schema/index.ts';
import { insertDistrictWithOwner, isUniqueViolation } from './repo.ts';
import type { DistrictSlotsRepo } from './slotsRepo.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The ledger calls a paid submission needs (modules/marketplace's MarketplaceRepo, handed over in app.ts). */
export interface LedgerPort {
  lockWallet(tx: Tx, userId: string): Promise<{ id: string; balance: number }>;
  systemAccount(tx: Tx, kind: 'revenue'): Promise<string>;
  post(
    tx: Tx,
    t: { id: string; idempotencyKey: string; kind: 'purchase'; userId: string | null; reason: string; requestHash: string; result: unknown },
    entries: { accountId: string; amount: number }[],
  ): Promise<void>;
}

/** What both wizards' submissions carry: who, the key and the request's hash, and the price. */
interface Keyed {
  ownerId: string;
  idempotencyKey: string;
  requestHash: string;
  extraSlots: number;
  slotPriceCoin: number;
  slotProductId: string;
  costCoin: number;
}

export interface SubmissionInput extends Keyed {
  title: string;
  subdomain: string;
  public: boolean;
  visible: boolean;
  freeSpaceTemplateId: string;
  styles: DistrictStyles;
  includedSlots: number;
  maxDistricts: number;
}

export interface UpgradeInput extends Keyed {
  districtId: string;
  /** The premade spaces to buy, each at its district price. */
  premade: { spaceTemplateId: string; priceCoin: number }[];
}

export interface SubmissionDone {
  districtId: string;
  subdomain: string;
  slots: number;
  paidCoin: number;
}

export interface UpgradeDone extends SubmissionDone {
  premadeSpaces: string[];
}

class Refused extends Error {
  readonly why: SubmissionRefusal;
  constructor(why: SubmissionRefusal) {
    super(why);
    this.why = why;
  }
}
export type SubmissionRefusal = 'taken' | 'limit' | 'insufficient' | 'keyReused' | 'gone' | 'premadeOwned';

/**
 * A district's creation or upgrade and its payment in one transaction (spec §4 Submission: "created
 * (POST) or upgraded, then paid internally with credits"): the district or its new slots and premade
 * spaces, and the ledger movement, commit together or not at all, so a refused payment leaves nothing
 * behind and a taken subdomain charges nothing. The wallet row is locked first, so one person's
 * submissions queue and a replay of the same key (even one racing the original) finds the committed
 * answer in `district_submissions`, written whatever the cart cost, a free one included.
 */
export class DistrictSubmissionRepo {
  private readonly db: Db;
  private readonly slots: DistrictSlotsRepo;
  private readonly ledger: LedgerPort;
  constructor(db: Db, slots: DistrictSlotsRepo, ledger: LedgerPort) {
    this.db = db;
    this.slots = slots;
    this.ledger = ledger;
  }

  submit(v: SubmissionInput): Promise<SubmissionDone | SubmissionRefusal> {
    return this.keyed(v, () => `District ${v.subdomain}`, async (tx) => {
      const districtId = await insertDistrictWithOwner(tx, v.ownerId, v, v.maxDistricts);
      if (districtId === 'limit' || districtId === 'taken') throw new Refused(districtId);
      const slotCount = await this.slots.create(tx, {
        districtId,
        ownerId: v.ownerId,
        included: v.includedSlots,
        extra: v.extraSlots,
        productId: v.slotProductId,
        priceCoin: v.slotPriceCoin,
      });
      return { districtId, subdomain: v.subdomain, slots: slotCount, paidCoin: v.costCoin };
    });
  }

  upgrade(v: UpgradeInput): Promise<UpgradeDone | SubmissionRefusal> {
    return this.keyed(v, (done) => `District ${done.subdomain} upgrade`, async (tx) => {
      // The district row locked: it cannot be deleted under the upgrade, and still is the owner's.
      const [d] = await tx
        .select({ subdomain: districts.subdomain, free: districts.freeSpaceTemplateId })
        .from(districts)
        .where(and(eq(districts.id, v.districtId), eq(districts.ownerId, v.ownerId)))
        .for('update');
      if (!d) throw new Refused('gone');
      if (v.premade.some((p) => p.spaceTemplateId === d.free)) throw new Refused('premadeOwned');
      await this.slots.create(tx, {
        districtId: v.districtId,
        ownerId: v.ownerId,
        included: 0,
        extra: v.extraSlots,
        productId: v.slotProductId,
        priceCoin: v.slotPriceCoin,
      });
      if (v.premade.length) {
        const added = await tx
          .insert(districtPremadeSpaces)
          .values(v.premade.map((p) => ({ districtId: v.districtId, spaceTemplateId: p.spaceTemplateId, priceCoin: p.priceCoin })))
          .onConflictDoNothing()
          .returning({ id: districtPremadeSpaces.spaceTemplateId });
        if (added.length !== v.premade.length) throw new Refused('premadeOwned');
      }
      const [n] = await tx.select({ n: sql<number>`count(*)::int` }).from(slots).where(eq(slots.districtId, v.districtId));
      const owned = await tx
        .select({ id: districtPremadeSpaces.spaceTemplateId })
        .from(districtPremadeSpaces)
        .where(eq(districtPremadeSpaces.districtId, v.districtId))
        .orderBy(districtPremadeSpaces.purchasedAt, districtPremadeSpaces.spaceTemplateId);
      return { districtId: v.districtId, subdomain: d.subdomain, slots: n?.n ?? 0, paidCoin: v.costCoin, premadeSpaces: owned.map((o) => o.id) };
    });
  }

  /**
   * The premade spaces of the districts where the person is the Owner or a Creator (each one's free
   * pick and those bought for it): the people who build the district's spaces may build on them
   * (MarketplaceService.canUseTemplate, and the editor's picker through /api/marketplaceitem/my).
   */
  async premadesUsableBy(userId: string): Promise<string[]> {
    const builds = and(eq(districtMembers.userId, userId), inArray(districtMembers.role, ['Owner', 'Creator']));
    const [free, bought] = await Promise.all([
      this.db
        .select({ id: districts.freeSpaceTemplateId })
        .from(districtMembers)
        .innerJoin(districts, eq(districts.id, districtMembers.districtId))
        .where(builds),
      this.db
        .select({ id: districtPremadeSpaces.spaceTemplateId })
        .from(districtMembers)
        .innerJoin(districtPremadeSpaces, eq(districtPremadeSpaces.districtId, districtMembers.districtId))
        .where(builds),
    ]);
    return [...new Set([...free, ...bought].map((r) => r.id))].sort();
  }

  /** The premade spaces bought for a district, oldest first. */
  premadeOf(districtId: string) {
    return this.db
      .select({ spaceTemplateId: districtPremadeSpaces.spaceTemplateId, priceCoin: districtPremadeSpaces.priceCoin, purchasedAt: districtPremadeSpaces.purchasedAt })
      .from(districtPremadeSpaces)
      .where(eq(districtPremadeSpaces.districtId, districtId))
      .orderBy(districtPremadeSpaces.purchasedAt, districtPremadeSpaces.spaceTemplateId);
  }

  /**
   * The shared shape of both submissions: wallet lock, replay check, credit check, the work, the
   * charge (only when the cart costs something) and the key's record, in one transaction.
   */
  private async keyed<T extends SubmissionDone>(v: Keyed, reason: (done: T) => string, work: (tx: Tx) => Promise<T>): Promise<T | SubmissionRefusal> {
    try {
      return await this.db.transaction(async (tx) => {
        const wallet = await this.ledger.lockWallet(tx, v.ownerId);
        const [prior] = await tx
          .select({ requestHash: districtSubmissions.requestHash, result: districtSubmissions.result })
          .from(districtSubmissions)
          .where(and(eq(districtSubmissions.ownerId, v.ownerId), eq(districtSubmissions.idempotencyKey, v.idempotencyKey)));
        if (prior) {
          if (prior.requestHash !== v.requestHash) throw new Refused('keyReused');
          return prior.result as T;
        }
        if (wallet.balance < v.costCoin) throw new Refused('insufficient');
        const done = await work(tx);
        if (v.costCoin > 0) {
          const revenue = await this.ledger.systemAccount(tx, 'revenue');
          await this.ledger.post(
            tx,
            {
              id: newId(),
              idempotencyKey: `district-submission:${v.ownerId}:${v.idempotencyKey}`,
              kind: 'purchase',
              userId: v.ownerId,
              reason: reason(done),
              requestHash: v.requestHash,
              result: done,
            },
            [
              { accountId: wallet.id, amount: -v.costCoin },
              { accountId: revenue, amount: v.costCoin },
            ],
          );
        }
        await tx.insert(districtSubmissions).values({ ownerId: v.ownerId, idempotencyKey: v.idempotencyKey, requestHash: v.requestHash, result: done });
        return done;
      });
    } catch (err) {
      if (err instanceof Refused) return err.why;
      if (isUniqueViolation(err)) return 'taken';
      throw err;
    }
  }
}
