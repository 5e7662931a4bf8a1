// Admin CLI: `npm run atrium -- <command>` or `npx atrium <command>`. Honours DATABASE_URL, DATABASE_SCHEMA
// and DATA_DIR like the server. On the embedded database it refuses to run while a server holds it.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { highestRole, isRole, ROLES } from '@atrium/shared';
import { loadConfig } from './config.ts';
import { openDatabase, type DbHandle } from './db/client.ts';
import { acquireDatabaseLock, DatabaseLockedError } from './db/lock.ts';
import { migrate } from './db/migrate.ts';
import { createMailer } from './mail/mailer.ts';
import { AccountService } from './modules/auth/accountService.ts';
import { AccountsRepo } from './modules/auth/accountsRepo.ts';
import { SignInThrottle } from './modules/auth/attempts.ts';
import { RateLimits } from './rateLimits.ts';
import { BUILT_IN_PROVIDER } from './modules/auth/identity.ts';
import { ApiKeysRepo } from './modules/apikeys/repo.ts';
import { ApiKeysService } from './modules/apikeys/service.ts';
import { UsersRepo } from './modules/users/repo.ts';
import { MarketplaceRepo } from './modules/marketplace/repo.ts';
import { GRANT_MAX, MarketplaceService } from './modules/marketplace/service.ts';
import { paymentsForCli } from './modules/payments/cli.ts';
import { CmsRepo } from './modules/cms/repo.ts';
import { backup, BackupArchiveError, restore } from './backup/index.ts';
import { createStorage } from './storage/index.ts';

const USAGE = `Usage: atrium <command> [options]

  users create --email <email> --password <password> [--name <name>] [--role <role>]
  users set-role --email <email> --role <role>
  users list
  staff grant --email <email>                         may create, edit and publish Resources content
  staff revoke --email <email>
  keys create --email <email> [--name <key name>]     prints the key as its last line
  credits grant --email <email> --amount <credits> --reason <text>   paid from the promotions account
  wallet show --email <email>                         balance and the latest movements
  refund --payment <id>                               takes back the payment's unspent credits, pays back their share
  backup --out <file.tar.gz>                          the database and every stored file in one archive
  restore --in <file.tar.gz> [--replace]              puts a backup back (--replace: over existing people and spaces)

Roles: ${ROLES.join(', ')}
Environment: DATA_DIR (embedded database in DATA_DIR/db), DATABASE_URL (+ DATABASE_SCHEMA) for PostgreSQL.`;

class UsageError extends Error {}

const silentLog = { error: () => {}, warn: () => {}, info: () => {} } as unknown as ConstructorParameters<
  typeof AccountService
>[0]['log'];

async function run(argv: string[], out: (line: string) => void) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string' },
      amount: { type: 'string' },
      reason: { type: 'string' },
      payment: { type: 'string' },
      out: { type: 'string' },
      in: { type: 'string' },
      replace: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [group, action] = positionals;
  if (values.help || !group) throw new UsageError('');
  const need = (k: 'email' | 'password' | 'role' | 'amount' | 'reason' | 'payment' | 'out' | 'in') => {
    const v = values[k];
    if (!v) throw new UsageError(`--${k} is required`);
    return v;
  };
  const role = values.role;
  if (role !== undefined && !isRole(role)) throw new UsageError(`unknown role "${role}"`);

  // Before the database is opened: a mistyped archive path should not cost a migration run.
  if (group === 'restore' && values.in && !fs.existsSync(values.in)) throw new BackupArchiveError(`no backup archive at ${values.in}`);
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', SEED: 'false' });
  let release = () => {};
  if (config.database.kind === 'pglite' && config.database.dir)
    release = acquireDatabaseLock(config.database.dir);
  let h: DbHandle | undefined;
  try {
    h = await openDatabase(config);
    await migrate(h);
    const db = h.db;
    const accountsRepo = new AccountsRepo(db);
    // The operator's own commands: limits that never bite, held in this process's memory.
    const limits = new RateLimits({ keyPrefix: 'cli' });
    const accounts = new AccountService({
      repo: accountsRepo,
      throttle: new SignInThrottle(limits, 1_000_000),
      signUpLimiter: limits.limiter('signup', { points: 1_000_000, duration: 1 }),
      mailer: createMailer(config.mail),
      publicUrl: config.publicUrl,
      log: silentLog,
      ...(config.auth.fastPasswordHash ? { fastPasswordHash: true } : {}),
    });
    const users = new UsersRepo(db);
    // The API's row for a local account, created here so keys can be issued before a first sign-in.
    const ensureUser = async (email: string) => {
      const account = await accountsRepo.byEmail(email);
      if (account)
        return users.ensure({
          id: account.id,
          subject: account.id,
          loginProvider: BUILT_IN_PROVIDER,
          email: account.email,
          name: account.name,
          role: account.role,
        });
      const user = await users.byEmail(email);
      if (!user) throw new UsageError(`no user with email ${email}`);
      return user;
    };

    const marketplace = () => new MarketplaceService({ db, repo: new MarketplaceRepo(db) });

    const cmd = `${group} ${action ?? ''}`.trim();
    switch (cmd) {
      case 'users create': {
        const account = await accounts.signUp({
          email: need('email'),
          password: need('password'),
          name: values.name ?? '',
          ...(role ? { role } : {}),
        });
        const user = await ensureUser(account.email);
        out(`created ${account.email} (${account.role}) user id ${user.id}`);
        break;
      }
      case 'users set-role': {
        const email = need('email').toLowerCase();
        const newRole = highestRole([need('role')]);
        // Roles come from plans: the operator gives (or ends) a plan, which applies at the next request.
        await paymentsForCli(db, config).plans.setByOperator((await ensureUser(email)).id, newRole);
        out(`${email} is now ${newRole}`);
        break;
      }
      case 'staff grant':
      case 'staff revoke': {
        const email = need('email').toLowerCase();
        const user = await ensureUser(email);
        const cms = new CmsRepo(db);
        if (action === 'grant') await cms.grantStaff(user.id);
        else await cms.revokeStaff(user.id);
        out(`${email} ${action === 'grant' ? 'is now' : 'is no longer'} content staff`);
        break;
      }
      case 'users list': {
        const rows = await users.list();
        const local = new Map((await accountsRepo.list()).map((a) => [a.id, a]));
        out(['id', 'email', 'name', 'role', 'provider', 'created'].join('\t'));
        for (const a of local.values())
          if (!rows.some((r) => r.subject === a.id))
            out(
              [
                `(no profile yet)`,
                a.email,
                a.name,
                a.role,
                BUILT_IN_PROVIDER,
                a.createdAt.toISOString(),
              ].join('\t'),
            );
        for (const r of rows)
          out(
            [
              r.id,
              r.email ?? '',
              r.name ?? '',
              local.get(r.subject)?.role ?? r.role,
              r.loginProvider,
              r.createdAt.toISOString(),
            ].join('\t'),
          );
        break;
      }
      case 'keys create': {
        const user = await ensureUser(need('email').toLowerCase());
        const created = await new ApiKeysService(new ApiKeysRepo(db)).createFor(
          user.id,
          values.name ?? 'cli',
        );
        out(`API key "${created.name}" for ${user.email} (shown once; store it safely):`);
        out(created.key);
        break;
      }
      case 'credits grant': {
        const amountText = need('amount');
        const amount = Number(amountText);
        if (!/^\d+$/.test(amountText) || amount < 1 || amount > GRANT_MAX)
          throw new UsageError(`--amount must be a whole number of credits from 1 to ${GRANT_MAX}`);
        const reason = need('reason').trim();
        if (!reason) throw new UsageError('--reason is required');
        const user = await ensureUser(need('email').toLowerCase());
        const balance = await marketplace().grant(user.id, amount, reason);
        out(`granted ${amount} credits to ${user.email} (${reason}); balance ${balance}`);
        break;
      }
      case 'wallet show': {
        const user = await ensureUser(need('email').toLowerCase());
        const m = marketplace();
        out(`${user.email} balance ${await m.balance(user.id)}`);
        for (const h of await m.history(user.id))
          out([h.at.toISOString(), h.kind, h.amount > 0 ? `+${h.amount}` : String(h.amount), h.reason].join('\t'));
        break;
      }
      case 'refund': {
        const r = await paymentsForCli(db, config).refund(need('payment'));
        out(`refunded ${r.refundedCoin} credits and ${(r.refundedMinor / 100).toFixed(2)} ${r.currency}; balance ${r.availableBalance}`);
        break;
      }
      case 'backup': {
        const r = await backup(h, createStorage(config.dataDir, config.storageUrl), need('out'));
        out(`backed up ${r.rows} rows in ${r.tables} tables and ${r.files} files (${r.bytes} bytes) to ${values.out}`);
        break;
      }
      case 'restore': {
        const opts = values.replace ? { replace: true } : {};
        const r = await restore(h, createStorage(config.dataDir, config.storageUrl), need('in'), opts);
        out(`restored ${r.rows} rows in ${r.tables} tables and ${r.files} files (${r.bytes} bytes); removed ${r.removedFiles} files the backup did not have`);
        break;
      }
      default:
        throw new UsageError(`unknown command "${cmd}"`);
    }
  } finally {
    await h?.close();
    release();
  }
}

try {
  await run(process.argv.slice(2), (line) => console.log(line));
} catch (err) {
  if (err instanceof UsageError) {
    if (err.message) console.error(`atrium: ${err.message}\n`);
    console.error(USAGE);
    process.exit(err.message ? 2 : 0);
  }
  if (err instanceof BackupArchiveError) {
    console.error(`atrium: ${err.message}`);
    process.exit(4);
  }
  if (err instanceof DatabaseLockedError) {
    console.error(`atrium: ${err.message}`);
    process.exit(3);
  }
  console.error(`atrium: ${(err as Error).message}`);
  process.exit(1);
}
