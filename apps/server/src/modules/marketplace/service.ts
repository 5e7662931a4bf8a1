import { newId } from '../../db/newId.ts';
import {
  AppError,
  msg,
  type InternalTransactionBody,
  type InternalTransactionView,
  type MarketplaceItemView,
  type MyPurchasesView,
  premiumTemplateItemId,
  SUBSCRIPTIONS,
  type WalletView,
} from '@atrium/shared';
import { getTemplate } from '@atrium/assets';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../plugins/actor.ts';
import type { LedgerCheck, MarketplaceRepo } from './repo.ts';
import { sha256Hex as sha256 } from '../../sha256.ts';

/** The largest single grant an operator can make, well inside the ledger's integer columns. */
export const GRANT_MAX = 1_000_000;


/** Spec §7 wallet, marketplaceitem and internaltransaction: purchases with credits, once per key. */
export class MarketplaceService {
  private readonly db: Db;
  private readonly repo: MarketplaceRepo;
  private readonly districtTemplates: (userId: string) => Promise<string[]>;
  /**
   * `districtTemplates`: the premade spaces of the districts where the person is the Owner or a
   * Creator (DistrictSubmissionRepo.premadesUsableBy), which they use without buying them.
   */
  constructor(deps: { db: Db; repo: MarketplaceRepo; districtTemplates?: (userId: string) => Promise<string[]> }) {
    this.db = deps.db;
    this.repo = deps.repo;
    this.districtTemplates = deps.districtTemplates ?? (() => Promise.resolve([]));
  }

  async wallet(actor: Actor): Promise<WalletView> {
    return { availableBalance: await this.balance(actor.userId) };
  }

  balance(userId: string): Promise<number> {
    return this.repo.walletBalance(userId);
  }

  /** Spec §9: Pro includes free premade spaces; each one taken is a purchase line priced 0. */
  private async freePremadeLeft(actor: Actor): Promise<number> {
    const taken = (await this.repo.purchasedBy(actor.userId)).filter((p) => p.type === 'premadeSpace').reduce((s, p) => s + p.free, 0);
    return Math.max(0, SUBSCRIPTIONS.freePremadeSpaces[actor.role] - taken);
  }

  async mine(actor: Actor): Promise<MyPurchasesView> {
    const rows = await this.repo.purchasedBy(actor.userId);
    return {
      purchased: rows.filter((r) => r.quantity > 0).map((r) => ({ itemId: r.itemId, quantity: r.quantity })),
      freePremadeSpacesLeft: await this.freePremadeLeft(actor),
      districtTemplates: (await this.districtTemplates(actor.userId)).filter((id) => getTemplate(id)?.tier === 'Premium'),
    };
  }

  async items(): Promise<MarketplaceItemView[]> {
    return (await this.repo.forSale()).map((i) => ({ itemId: i.id, type: i.type, title: i.title, priceCoin: i.priceCoin }));
  }

  /**
   * One purchase in one database call (`MarketplaceRepo.purchase`, migrations 0025 and 0031): the
   * wallet row is locked first, so a replay of the same key (even one racing the original) finds the
   * committed answer, and two purchases by one person cannot both spend the same credits. Everything
   * (entries, balance, grants, the recorded lines) commits or none of it. Purchases by different
   * people arriving together share a commit; one person's wait their turn in the repository's
   * group commit, in this process, rather than each holding a pool connection blocked on the row lock.
   */
  async purchase(actor: Actor, idempotencyKey: string, body: InternalTransactionBody): Promise<InternalTransactionView> {
    const units = body.transactionItems.reduce((s, l) => s + l.quantity, 0);
    const out = await this.repo.purchase({
      id: newId(),
      idempotencyKey: `purchase:${actor.userId}:${idempotencyKey}`,
      userId: actor.userId,
      requestHash: sha256(JSON.stringify(body)),
      lines: body.transactionItems.map(({ itemId, quantity }) => ({ itemId, quantity })),
      totalCoin: body.totalCoin,
      freePremade: SUBSCRIPTIONS.freePremadeSpaces[actor.role],
      createdAt: new Date().toISOString(),
      slotIds: Array.from({ length: units }, () => newId()),
    });
    if ('result' in out) return out.result as InternalTransactionView;
    const r = out.refused;
    switch (r.error) {
      case 'keyReused':
        throw new AppError('CONFLICT', msg.marketplace.idempotencyKeyReused);
      case 'unknownItem':
        throw new AppError('BAD_REQUEST', msg.marketplace.unknownItem, { itemId: r.itemId });
      case 'tooMany':
        throw new AppError('BAD_REQUEST', msg.marketplace.tooMany(r.max), { itemId: r.itemId });
      case 'alreadyOwned':
        throw new AppError('CONFLICT', msg.marketplace.alreadyOwned, { itemId: r.itemId });
      case 'totalMismatch':
        throw new AppError('BAD_REQUEST', msg.marketplace.totalMismatch, { totalCoin: r.totalCoin });
      case 'insufficientCredits':
        throw new AppError('INSUFFICIENT_CREDITS');
      case 'trialSlotKept':
        throw new AppError('CONFLICT', msg.marketplace.trialSlotKept);
    }
  }

  /**
   * A space may be built on a premium template only by someone who bought it (the editor's picker
   * shows Buy first, but the API must not take its word for it). Standard templates and unknown ids
   * are the scene schema's business, not a purchase question. A plan's free premade space does not
   * cover premium templates: those are sold per person at their district price. A district's premade
   * spaces (its free pick, those bought for it) serve its Owner and Creators without a purchase.
   */
  async assertTemplateUsable(actor: Actor, spaceTemplateId: string): Promise<void> {
    if (!(await this.canUseTemplate(actor, spaceTemplateId))) throw new AppError('FORBIDDEN', msg.marketplace.templateNotOwned, { spaceTemplateId });
  }

  async canUseTemplate(actor: Actor, spaceTemplateId: string): Promise<boolean> {
    if (getTemplate(spaceTemplateId)?.tier !== 'Premium' || (await this.repo.owns(actor.userId, premiumTemplateItemId(spaceTemplateId)))) return true;
    return (await this.districtTemplates(actor.userId)).includes(spaceTemplateId);
  }

  /** Credits given by an operator, paid from the promotions account. */
  async grant(userId: string, amount: number, reason: string, idempotencyKey: string = newId()): Promise<number> {
    if (!Number.isSafeInteger(amount) || amount < 1 || amount > GRANT_MAX) throw new AppError('BAD_REQUEST', `The amount must be a whole number from 1 to ${GRANT_MAX}`);
    if (!reason.trim()) throw new AppError('BAD_REQUEST', 'A reason is required');
    return this.db.transaction(async (tx) => {
      const wallet = await this.repo.lockWallet(tx, userId);
      const key = `grant:${idempotencyKey}`;
      if (await this.repo.transactionByKey(tx, key)) return wallet.balance;
      const promotions = await this.repo.systemAccount(tx, 'promotions');
      await this.repo.post(
        tx,
        { id: newId(), idempotencyKey: key, kind: 'grant', userId, reason: reason.trim(), requestHash: sha256(`${userId}:${amount}`), result: { amount } },
        [
          { accountId: promotions, amount: -amount },
          { accountId: wallet.id, amount },
        ],
      );
      return wallet.balance + amount;
    });
  }

  history(userId: string, limit = 20) {
    return this.repo.walletHistory(userId, limit);
  }

  check(): Promise<LedgerCheck> {
    return this.repo.check();
  }
}
