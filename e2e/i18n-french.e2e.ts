import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from './support/accounts.ts';
import { closeBrowser, newPage, snap, startApp, type RunningApp } from './support/harness.ts';
import { LOAD_TIMEOUT, LOW_SETTINGS, waitReady } from './support/viewer.ts';

// Issue 17 Languages (Done when): a person switches to French in the header, and after a reload the
// header, the editor and the viewer read in French; the choice is on the account too, so a fresh
// browser gets it back after signing in. Labels must fit: no text overflows its box.

type P = Awaited<ReturnType<typeof newPage>>;
let app: RunningApp;
let demoId: string;
const poll = <T>(fn: () => Promise<T> | T, message?: string, timeout = 30_000) => expect.poll(fn, { timeout, interval: 200, message });

beforeAll(async () => {
  app = await startApp({ database: 'postgres' });
  const rows = await app.sql!.query<{ id: string }>('select id from scenes where demo_key is not null order by created_at limit 1');
  demoId = rows.rows[0]!.id;
});

afterAll(async () => {
  await closeBrowser();
  await app?.stop();
});

/** Visible elements under `selector` whose text is cut off or spills out of their own box. */
const overflowing = (page: P, selector: string) =>
  page.evaluate((sel) => {
    const out: string[] = [];
    for (const root of document.querySelectorAll(sel)) {
      for (const el of root.querySelectorAll<HTMLElement>('a, button, label, [role="tab"], .mantine-Badge-label, .mantine-Button-label')) {
        const r = el.getBoundingClientRect();
        // Visually hidden labels (1 px, clipped) are for screen readers, not boxes that can overflow.
        if (r.width < 4 || r.height < 4 || getComputedStyle(el).visibility === 'hidden') continue;
        if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'auto') out.push(el.textContent!.trim().slice(0, 40));
      }
    }
    return out;
  }, selector);

describe('languages: French', () => {
  it('a user switches to French and the header, editor and viewer read in it after a reload', async () => {
    const email = `fr-${Date.now()}@example.org`;
    const page = await newPage({ baseURL: app.baseURL, width: 1440, height: 900 });
    page.setDefaultTimeout(90_000);
    await page.addInitScript((s) => {
      if (!localStorage.getItem('atrium.viewer.settings')) localStorage.setItem('atrium.viewer.settings', s);
    }, LOW_SETTINGS);
    try {
      const userId = await signUp(page, 'Françoise Test', email, 'password-123');
      await page.goto(app.baseURL + '/');
      const header = page.locator('header').first();
      await header.getByRole('combobox', { name: 'Language' }).waitFor();
      await snap(page, 'i18n-en-header');
      await poll(() => header.getByRole('link', { name: 'Pricing' }).isVisible(), await header.innerText()).toBe(true);

      // The switcher is a labelled native select: a keyboard user focuses it and picks with the arrows.
      const switcher = header.getByRole('combobox', { name: 'Language' });
      await switcher.focus();
      await switcher.selectOption('fr');
      await poll(() => page.evaluate(() => document.documentElement.lang)).toBe('fr');
      await poll(() => header.getByRole('link', { name: 'Tarifs' }).isVisible()).toBe(true);
      // Stored on the account as well as in this browser.
      await poll(async () => (await app.sql!.query<{ language: string | null }>('select language from users where id = $1', [userId])).rows[0]?.language).toBe('fr');

      await page.reload();
      await poll(() => page.evaluate(() => document.documentElement.lang)).toBe('fr');
      await poll(() => header.getByRole('link', { name: 'Tarifs' }).isVisible()).toBe(true);
      expect(await header.getByRole('button', { name: 'Ressources' }).count() + (await header.getByText('Ressources').count())).toBeGreaterThan(0);
      await poll(() => header.getByRole('link', { name: 'Créer un espace' }).isVisible()).toBe(true);
      expect(await header.getByRole('combobox', { name: 'Langue' }).inputValue()).toBe('fr');
      expect(await overflowing(page, 'header')).toEqual([]);
      await snap(page, 'i18n-fr-header');

      // The profile drawer (spec: the profile menu's Language) is French too.
      await page.getByTestId('avatar-button').first().click();
      const drawer = page.getByRole('dialog', { name: 'Menu du profil' });
      await poll(() => drawer.getByRole('link', { name: 'Paramètres' }).isVisible()).toBe(true);
      expect(await drawer.getByRole('combobox', { name: 'Langue' }).inputValue()).toBe('fr');
      await snap(page, 'i18n-fr-drawer');
      await page.keyboard.press('Escape');

      // Editor, after a reload on its own address.
      await page.goto(app.baseURL + '/curate');
      await page.getByTestId('editor').waitFor({ timeout: 150_000 });
      await page.reload();
      await page.getByTestId('editor').waitFor({ timeout: 150_000 });
      await poll(() => page.getByTestId('save-button').textContent()).toBe('Enregistrer');
      await poll(() => page.getByTestId('space-state').textContent()).toBe('Brouillon');
      await poll(() => page.getByRole('navigation', { name: 'Étapes' }).isVisible()).toBe(true);
      await poll(() => page.getByText('Définir l’espace').first().isVisible()).toBe(true);
      await poll(() => page.getByText('Espaces prêts à l’emploi').first().isVisible()).toBe(true);
      expect(await page.getByText('Define Space').count()).toBe(0);
      expect(await overflowing(page, '[data-testid="editor"] header, [data-testid="editor"] nav')).toEqual([]);
      await snap(page, 'i18n-fr-editor');

      // Viewer of a published demo space, after a reload.
      await page.goto(`${app.baseURL}/viewer/${demoId}`);
      await page.reload();
      await waitReady(page, demoId);
      const tools = page.getByRole('navigation', { name: 'Outils de l’espace' });
      await poll(() => tools.isVisible(), 'French toolbar', LOAD_TIMEOUT).toBe(true);
      await poll(() => tools.getByRole('button', { name: 'Partager' }).isVisible()).toBe(true);
      await tools.getByRole('button', { name: 'Partager' }).click();
      await poll(() => page.getByRole('button', { name: 'Copier le lien' }).isVisible()).toBe(true);
      expect(await page.getByText('Copy link').count()).toBe(0);
      await snap(page, 'i18n-fr-viewer');

      // The wallet, Resources and solution pages have their own catalogues: they read in French too.
      await page.goto(app.baseURL + '/wallet');
      await poll(() => page.getByRole('heading', { level: 1, name: 'Portefeuille' }).isVisible()).toBe(true);
      await poll(() => page.getByText('Crédits disponibles').first().isVisible()).toBe(true);
      await page.goto(app.baseURL + '/resources/faqs');
      await poll(() => page.getByRole('heading', { level: 1, name: 'FAQ' }).isVisible()).toBe(true);
      await poll(() => page.getByRole('searchbox', { name: 'Rechercher dans la FAQ' }).isVisible()).toBe(true);
      expect(await page.getByText('Quick answers to the questions we hear most.').count()).toBe(0);
      // The FAQ content itself comes from the server in French (faqs.fr.md).
      await poll(() => page.getByText('Qu\'est-ce qu\'Atrium ?').first().isVisible()).toBe(true);
      await page.goto(app.baseURL + '/resources/guides/create-your-first-space');
      await poll(() => page.getByRole('heading', { level: 1, name: 'Créez votre premier espace 3D' }).isVisible()).toBe(true);
      await poll(() => page.getByRole('heading', { name: 'Avant de commencer' }).isVisible()).toBe(true);
      await snap(page, 'i18n-fr-resources');
      await page.goto(app.baseURL + '/solutions/museums-and-galleries');
      await poll(() => page.getByRole('heading', { level: 1, name: 'Votre collection, ouverte après la fermeture' }).isVisible()).toBe(true);

      // Pages the server renders itself follow the switcher's choice (its language cookie): forgot password.
      await page.goto(app.baseURL + '/auth/forgot');
      await poll(() => page.getByRole('heading', { level: 1, name: 'Mot de passe oublié' }).isVisible()).toBe(true);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
      expect(await page.getByRole('button', { name: 'Envoyer le lien' }).isVisible()).toBe(true);

      // Legal texts: the French twin of content/legal/*.md.
      await page.goto(app.baseURL + '/privacy-notice');
      await poll(() => page.getByRole('heading', { level: 1, name: 'Politique de confidentialité' }).isVisible()).toBe(true);
      expect(await page.getByRole('heading', { name: 'Why we use it' }).count()).toBe(0);
    } finally {
      await Promise.all(page.context().pages().map((p) => p.close()));
    }

    // A new browser (no local choice) starts in English and gets French back from the account on sign-in.
    const fresh = await newPage({ baseURL: app.baseURL, width: 1440, height: 900 });
    try {
      await fresh.goto(app.baseURL + '/');
      await poll(() => fresh.evaluate(() => document.documentElement.lang)).toBe('en');
      await poll(() => fresh.locator('header').first().getByRole('link', { name: 'Pricing' }).isVisible()).toBe(true);
      await fresh.goto('/login?redirect=/');
      await fresh.waitForURL(/\/auth\/interaction\//);
      await fresh.getByLabel('Email').fill(email);
      await fresh.getByLabel('Password').fill('password-123');
      await fresh.getByRole('button', { name: 'Sign in' }).click();
      await poll(() => fresh.evaluate(() => document.documentElement.lang), 'the account language applies', 60_000).toBe('fr');
      await poll(() => fresh.locator('header').first().getByRole('link', { name: 'Tarifs' }).isVisible()).toBe(true);
      await fresh.reload();
      await poll(() => fresh.locator('header').first().getByRole('link', { name: 'Tarifs' }).isVisible()).toBe(true);
    } finally {
      await Promise.all(fresh.context().pages().map((p) => p.close()));
    }
  }, 900_000);
});
