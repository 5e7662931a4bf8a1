import { v7 as uuidv7 } from 'uuid';
import type { DistrictStyles } from '@atrium/shared';
import type { Db } from '../../db/client.ts';
import { insertDistrictWithOwner, isUniqueViolation } from './repo.ts';
import type { DistrictSlotsRepo } from './slotsRepo.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The ledger calls a paid submission needs (modules/marketplace's MarketplaceRepo, handed over in app.ts). */
export interface LedgerPort {
  lockWallet(tx: Tx, userId: string): Promise<{ id: string; balance: number }>;
  systemAccount(tx: Tx, kind: 'revenue'): Promise<string>;
  transactionByKey(tx: Tx, key: string): Promise<{ requestHash: string; result: unknown } | undefined>;
  post(
    tx: Tx,
    t: { id: string; idempotencyKey: string; kind: 'purchase'; userId: string | null; reason: string; requestHash: string; result: unknown },
    entries: { accountId: string; amount: number }[],
  ): Promise<void>;
}

export interface SubmissionInput {
  ownerId: string;
  idempotencyKey: string;
  requestHash: string;
  title: string;
  subdomain: string;
  public: boolean;
  visible: boolean;
  freeSpaceTemplateId: string;
  styles: DistrictStyles;
  includedSlots: number;
  extraSlots: number;
  slotPriceCoin: number;
  slotProductId: string;
  costCoin: number;
  maxDistricts: number;
}

export interface SubmissionDone {
  districtId: string;
  subdomain: string;
  slots: number;
  paidCoin: number;
}

class Refused extends Error {
  readonly why: SubmissionRefusal;
  constructor(why: SubmissionRefusal) {
    super(why);
    this.why = why;
  }
}
export type SubmissionRefusal = 'taken' | 'limit' | 'insufficient' | 'keyReused';

/**
 * A district's creation and its payment in one transaction (spec §4 Submission: "created … then
 * paid internally with credits"): the district, its Owner row, its slots and the ledger movement
 * commit together or not at all, so a refused payment leaves no district behind and a taken
 * subdomain charges nothing. The wallet row is locked first, so a replay of the same key (even one
 * racing the original) finds the committed answer.
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

  async submit(v: SubmissionInput): Promise<SubmissionDone | SubmissionRefusal> {
    try {
      return await this.db.transaction(async (tx) => {
        const wallet = await this.ledger.lockWallet(tx, v.ownerId);
        const key = `district-submission:${v.ownerId}:${v.idempotencyKey}`;
        const prior = await this.ledger.transactionByKey(tx, key);
        if (prior) {
          if (prior.requestHash !== v.requestHash) throw new Refused('keyReused');
          return prior.result as SubmissionDone;
        }
        if (wallet.balance < v.costCoin) throw new Refused('insufficient');
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
        const done: SubmissionDone = { districtId, subdomain: v.subdomain, slots: slotCount, paidCoin: v.costCoin };
        if (v.costCoin > 0) {
          const revenue = await this.ledger.systemAccount(tx, 'revenue');
          await this.ledger.post(
            tx,
            { id: uuidv7(), idempotencyKey: key, kind: 'purchase', userId: v.ownerId, reason: `District ${v.subdomain}`, requestHash: v.requestHash, result: done },
            [
              { accountId: wallet.id, amount: -v.costCoin },
              { accountId: revenue, amount: v.costCoin },
            ],
          );
        }
        return done;
      });
    } catch (err) {
      if (err instanceof Refused) return err.why;
      if (isUniqueViolation(err)) return 'taken';
      throw err;
    }
  }
}
