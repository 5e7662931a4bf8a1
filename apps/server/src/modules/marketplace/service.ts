import { v7 as uuidv7 } from 'uuid';
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
import type { SlotsRepo } from '../slots/repo.ts';
import type { ItemRow, LedgerCheck, MarketplaceRepo, Tx } from './repo.ts';
import { sha256Hex as sha256 } from '../../sha256.ts';

/** The largest single grant an operator can make, well inside the ledger's integer columns. */
export const GRANT_MAX = 1_000_000;


/** Spec §7 wallet, marketplaceitem and internaltransaction: purchases with credits, once per key. */
export class MarketplaceService {
  private readonly db: Db;
  private readonly repo: MarketplaceRepo;
  private readonly slots: SlotsRepo;
  constructor(deps: { db: Db; repo: MarketplaceRepo; slots: SlotsRepo }) {
    this.db = deps.db;
    this.repo = deps.repo;
    this.slots = deps.slots;
  }

  async wallet(actor: Actor): Promise<WalletView> {
    return { availableBalance: await this.balance(actor.userId) };
  }

  balance(userId: string): Promise<number> {
    return this.repo.walletBalance(userId);
  }

  /** Spec §9: Pro includes free premade spaces; each one taken is a purchase line priced 0. */
  private async freePremadeLeft(actor: Actor, tx?: Tx): Promise<number> {
    const taken = (await this.repo.purchasedBy(actor.userId, tx)).filter((p) => p.type === 'premadeSpace').reduce((s, p) => s + p.free, 0);
    return Math.max(0, SUBSCRIPTIONS.freePremadeSpaces[actor.role] - taken);
  }

  async mine(actor: Actor): Promise<MyPurchasesView> {
    const rows = await this.repo.purchasedBy(actor.userId);
    return {
      purchased: rows.filter((r) => r.quantity > 0).map((r) => ({ itemId: r.itemId, quantity: r.quantity })),
      freePremadeSpacesLeft: await this.freePremadeLeft(actor),
    };
  }

  async items(): Promise<MarketplaceItemView[]> {
    return (await this.repo.forSale()).map((i) => ({ itemId: i.id, type: i.type, title: i.title, priceCoin: i.priceCoin }));
  }

  /**
   * One purchase: the wallet row is locked first, so a replay of the same key (even one racing the
   * original) finds the committed answer, and two purchases by one person cannot both spend the
   * same credits. Everything (entries, balance, grants, the recorded lines) commits or none of it.
   */
  async purchase(actor: Actor, idempotencyKey: string, body: InternalTransactionBody): Promise<InternalTransactionView> {
    const key = `purchase:${actor.userId}:${idempotencyKey}`;
    const requestHash = sha256(JSON.stringify(body));
    return this.db.transaction(async (tx) => {
      const wallet = await this.repo.lockWallet(tx, actor.userId);
      const prior = await this.repo.transactionByKey(tx, key);
      if (prior) {
        if (prior.requestHash !== requestHash) throw new AppError('CONFLICT', msg.marketplace.idempotencyKeyReused);
        return prior.result as InternalTransactionView;
      }
      const found = new Map((await this.repo.items(tx, body.transactionItems.map((l) => l.itemId))).map((i) => [i.id, i]));
      const lines = body.transactionItems.map(({ itemId, quantity }) => {
        const item = found.get(itemId);
        if (!item || !item.forSale) throw new AppError('BAD_REQUEST', msg.marketplace.unknownItem, { itemId });
        if (quantity > item.maxQuantity) throw new AppError('BAD_REQUEST', msg.marketplace.tooMany(item.maxQuantity), { itemId });
        return { item, quantity };
      });
      // A premium template is owned once (checked under the wallet lock, so two tabs cannot both buy it).
      if (lines.some((l) => l.item.grant === 'premadeTemplate')) {
        const owned = new Set((await this.repo.purchasedBy(actor.userId, tx)).map((p) => p.itemId));
        const again = lines.find((l) => l.item.grant === 'premadeTemplate' && owned.has(l.item.id));
        if (again) throw new AppError('CONFLICT', msg.marketplace.alreadyOwned, { itemId: again.item.id });
      }
      // The plan's free premade spaces go first, one unit each, priced 0 (checked under the wallet lock).
      let free = lines.some((l) => l.item.grant === 'premadeSpace') ? await this.freePremadeLeft(actor, tx) : 0;
      const priced = lines.map((l) => {
        if (l.item.grant !== 'premadeSpace' || free < l.quantity) return { ...l, unit: l.item.priceCoin };
        free -= l.quantity;
        return { ...l, unit: 0 };
      });
      const total = priced.reduce((s, l) => s + l.unit * l.quantity, 0);
      if (total !== body.totalCoin) throw new AppError('BAD_REQUEST', msg.marketplace.totalMismatch, { totalCoin: total });
      if (wallet.balance < total) throw new AppError('INSUFFICIENT_CREDITS');

      for (const l of lines) await this.apply(tx, actor.userId, l.item, l.quantity);
      const id = uuidv7();
      const result: InternalTransactionView = {
        transactionId: id,
        totalCoin: total,
        transactionItems: priced.map((l) => ({ itemId: l.item.id, quantity: l.quantity, priceCoin: l.unit })),
        availableBalance: wallet.balance - total,
        createdAt: new Date().toISOString(),
      };
      const revenue = await this.repo.systemAccount(tx, 'revenue');
      await this.repo.postPurchase(tx, { id, idempotencyKey: key, userId: actor.userId, requestHash, result }, { id: wallet.id, amount: total }, revenue, result.transactionItems);
      return result;
    });
  }

  /**
   * What a bought item does. Extra levels and premade spaces are recorded in purchase_items only: no
   * server model of levels or districts' premade spaces exists yet to grant them to; a premium
   * template's purchase line is what the editor's picker reads as 'Purchased' (/api/marketplaceitem/my).
   */
  private async apply(tx: Tx, userId: string, item: ItemRow, quantity: number) {
    switch (item.grant) {
      case 'keepTrialSlot':
        if (!(await this.slots.keepTrial(tx, userId, item.id, item.priceCoin))) throw new AppError('CONFLICT', msg.marketplace.trialSlotKept);
        return;
      case 'extraSlot':
        await this.slots.addPurchased(tx, userId, quantity, item.id, item.priceCoin);
        return;
      case 'extraLevel':
      case 'premadeSpace':
      case 'premadeTemplate':
        return;
    }
  }

  /**
   * A space may be built on a premium template only by someone who bought it (the editor's picker
   * shows Buy first, but the API must not take its word for it). Standard templates and unknown ids
   * are the scene schema's business, not a purchase question. A plan's free premade space does not
   * cover premium templates: those are sold per person at their district price.
   */
  async assertTemplateUsable(actor: Actor, spaceTemplateId: string): Promise<void> {
    if (!(await this.canUseTemplate(actor, spaceTemplateId))) throw new AppError('FORBIDDEN', msg.marketplace.templateNotOwned, { spaceTemplateId });
  }

  async canUseTemplate(actor: Actor, spaceTemplateId: string): Promise<boolean> {
    return getTemplate(spaceTemplateId)?.tier !== 'Premium' || this.repo.owns(actor.userId, premiumTemplateItemId(spaceTemplateId));
  }

  /** Credits given by an operator, paid from the promotions account. */
  async grant(userId: string, amount: number, reason: string, idempotencyKey: string = uuidv7()): Promise<number> {
    if (!Number.isSafeInteger(amount) || amount < 1 || amount > GRANT_MAX) throw new AppError('BAD_REQUEST', `The amount must be a whole number from 1 to ${GRANT_MAX}`);
    if (!reason.trim()) throw new AppError('BAD_REQUEST', 'A reason is required');
    return this.db.transaction(async (tx) => {
      const wallet = await this.repo.lockWallet(tx, userId);
      const key = `grant:${idempotencyKey}`;
      if (await this.repo.transactionByKey(tx, key)) return wallet.balance;
      const promotions = await this.repo.systemAccount(tx, 'promotions');
      await this.repo.post(
        tx,
        { id: uuidv7(), idempotencyKey: key, kind: 'grant', userId, reason: reason.trim(), requestHash: sha256(`${userId}:${amount}`), result: { amount } },
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
