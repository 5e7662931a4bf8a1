import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { MarketplaceRepo } from '../marketplace/repo.ts';
import { SlotsRepo } from '../slots/repo.ts';
import { systemClock } from '../subscriptions/clock.ts';
import { SubscriptionsRepo } from '../subscriptions/repo.ts';
import { SubscriptionsService } from '../subscriptions/service.ts';
import { createPaymentProvider } from './index.ts';
import { PaymentsRepo } from './repo.ts';
import { PaymentsService } from './service.ts';
import { WebhookHandler } from './webhook.ts';

/** The payments service as the admin CLI uses it: no server, so no hub events. */
export function paymentsForCli(db: Db, config: Pick<Config, 'payments' | 'publicUrl'>): PaymentsService {
  const publish = () => {};
  const clock = systemClock;
  const ledger = new MarketplaceRepo(db);
  const repo = new PaymentsRepo(db);
  const provider = createPaymentProvider(config);
  const subscriptions = new SubscriptionsService({ db, repo: new SubscriptionsRepo(db), slots: new SlotsRepo(db), clock, publish });
  const webhook = new WebhookHandler({ db, repo, ledger, subscriptions, provider, clock, publish });
  return new PaymentsService({ db, repo, ledger, provider, webhook, subscriptions, clock, publish });
}
