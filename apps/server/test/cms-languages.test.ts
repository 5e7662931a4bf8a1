import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { LANGUAGE_COOKIE } from '@atrium/shared/i18n/languages';
import { databases, type TestDb } from './support/db.ts';
import { makeTestApp } from './support/app.ts';
import { injectAs, signUpUser, type TestUser } from './support/users.ts';
import { RESOURCES_DIR, seedResources } from '../src/db/seed-data/resources.ts';
import { CmsRepo } from '../src/modules/cms/repo.ts';
import { faqs } from '../src/db/schema/index.ts';

// Issue 17 languages: FAQs, glossary and video tutorials in French when French is asked for (?lang=, else
// the switcher's cookie or Accept-Language), each entry falling back to its English where it has no French.

type Entry = Record<string, string>;

describe.each(databases)('Resources content in French on %s', (_name, open) => {
  let db: TestDb;
  let app: FastifyInstance;
  let staff: TestUser;
  beforeAll(async () => {
    db = await open();
    ({ app } = await makeTestApp(db, { rateLimit: { max: 10_000, contactMax: 1000 } }));
    await seedResources(db.db);
    staff = await signUpUser(app, db, 'langues@example.org', 'Staff');
    await new CmsRepo(db.db).grantStaff(staff.id);
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) => injectAs(app, null, 'GET', url, undefined, headers);

  it('serves the seeded FAQs in French for ?lang=fr, in English otherwise', async () => {
    const fr = await get('/api/faqs?lang=fr');
    expect(fr.statusCode).toBe(200);
    expect(fr.headers['content-language']).toBe('fr');
    const list = fr.json() as Entry[];
    expect(list[0]).toMatchObject({ slug: 'what-is-atrium', question: "Qu'est-ce qu'Atrium ?", language: 'fr' });
    expect(list[0]!.answer).toMatch(/^Atrium est une plateforme sans code/);
    // Every shipped FAQ has its French: none falls back.
    expect(list.filter((f) => f.language !== 'fr').map((f) => f.slug)).toEqual([]);
    const en = (await get('/api/faqs')).json() as Entry[];
    expect(en[0]).toMatchObject({ question: 'What is Atrium?', language: 'en' });
    expect(en.map((f) => f.slug)).toEqual(list.map((f) => f.slug));
    // The category filter still works next to the language.
    const pricing = (await get('/api/faqs?category=pricing&lang=fr')).json() as Entry[];
    expect(pricing.map((f) => f.slug).sort()).toEqual(['free-trial', 'what-is-a-district']);
    expect(pricing.every((f) => f.language === 'fr')).toBe(true);
  });

  it('without ?lang= the cookie, then Accept-Language decides', async () => {
    expect(((await get('/api/faqs', { 'accept-language': 'fr-FR,fr;q=0.9' })).json() as Entry[])[0]!.language).toBe('fr');
    expect(((await get('/api/faqs', { 'accept-language': 'fr', cookie: `${LANGUAGE_COOKIE}=en` })).json() as Entry[])[0]!.language).toBe('en');
    const byCookie = await get('/api/glossary', { cookie: `${LANGUAGE_COOKIE}=fr` });
    expect(byCookie.headers.vary).toMatch(/Accept-Language/);
    expect((byCookie.json() as Entry[]).find((g) => g.slug === 'space')).toMatchObject({ term: 'Espace', language: 'fr' });
  });

  it('an entry without a French version reads in English, marked as English', async () => {
    const created = await injectAs(app, staff, 'POST', '/api/faqs', { slug: 'only-english', question: 'Only in English?', answer: 'Yes, for now.', category: 'general' });
    expect(created.statusCode, created.body).toBe(201);
    // Half a translation (a question without its answer) is not served: both fields or neither.
    await new CmsRepo(db.db).upsertSeed.translation('faqs', 'only-english', 'fr', { question: 'Seulement en anglais ?' });
    const fr = (await get('/api/faqs?lang=fr')).json() as Entry[];
    expect(fr.find((f) => f.slug === 'only-english')).toMatchObject({ question: 'Only in English?', answer: 'Yes, for now.', language: 'en' });
  });

  it('the glossary in French, in French alphabetical order', async () => {
    const list = (await get('/api/glossary?lang=fr')).json() as Entry[];
    expect(list.length).toBeGreaterThanOrEqual(25);
    expect(list.filter((g) => g.language !== 'fr').map((g) => g.slug)).toEqual([]);
    expect(list.find((g) => g.slug === 'editor')).toMatchObject({ term: 'Éditeur' });
    const terms = list.map((g) => g.term!);
    expect(terms).toEqual([...terms].sort((a, b) => a.localeCompare(b, 'fr', { sensitivity: 'base' })));
    // 'Éditeur' sorts with the E words, not after Z.
    expect(terms.indexOf('Éditeur')).toBeLessThan(terms.indexOf('Visite guidée'));
    expect(((await get('/api/glossary')).json() as Entry[]).find((g) => g.slug === 'editor')).toMatchObject({ term: 'Editor', language: 'en' });
  });

  it('video tutorials take their French from meta.yaml; reseeding never overwrites a translation', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-resources-'));
    fs.cpSync(RESOURCES_DIR, dir, { recursive: true });
    const meta = fs.readFileSync(path.join(dir, 'meta.yaml'), 'utf8').replace(
      /^videos: \[\]$/m,
      [
        'videos:',
        '  - slug: first-space-video',
        '    title: Your first space',
        '    description: From template to link.',
        '    youtubeId: abcdefghijk',
        '    translations:',
        '      fr:',
        '        title: Votre premier espace',
        '        description: Du modèle au lien.',
      ].join('\n'),
    );
    expect(meta).toContain('first-space-video');
    fs.writeFileSync(path.join(dir, 'meta.yaml'), meta);
    await seedResources(db.db, dir);
    const fr = (await get('/api/video-tutorials?lang=fr')).json() as Entry[];
    expect(fr.find((v) => v.slug === 'first-space-video')).toMatchObject({ title: 'Votre premier espace', description: 'Du modèle au lien.', language: 'fr' });
    expect(((await get('/api/video-tutorials')).json() as Entry[]).find((v) => v.slug === 'first-space-video')).toMatchObject({ title: 'Your first space', language: 'en' });

    // A translation changed in the database (by staff) stays when the seed runs again.
    await db.db
      .update(faqs)
      .set({ translations: sql`jsonb_set(${faqs.translations}, '{fr,question}', '"Atrium, c’est quoi ?"')` })
      .where(eq(faqs.slug, 'what-is-atrium'));
    await seedResources(db.db, dir);
    const after = (await get('/api/faqs?lang=fr')).json() as Entry[];
    expect(after.find((f) => f.slug === 'what-is-atrium')).toMatchObject({ question: 'Atrium, c’est quoi ?', language: 'fr' });
  });

  it('articles with a French version read in French (title, description, body, headings, menu); others as written', async () => {
    const fr = await get('/api/articles/create-your-first-space?lang=fr');
    expect(fr.statusCode).toBe(200);
    const a = fr.json() as { title: string; description: string; bodyHtml: string; headings: { text: string }[]; tags: string[] };
    expect(a.title).toBe('Créez votre premier espace 3D');
    expect(a.description).toMatch(/^D'un compte vide/);
    expect(a.bodyHtml).toContain('Avant de commencer');
    expect(a.bodyHtml).not.toContain('Before you start');
    expect(a.headings.map((h) => h.text)).toContain('Étape 1 : Définir l\'espace');
    expect(a.tags).toEqual(['editor', 'beginners']); // the original's, not translated
    expect(((await get('/api/articles/create-your-first-space')).json() as { title: string }).title).toBe('Create your first 3D space');
    // The translation file is not an article of its own.
    expect((await get('/api/articles/create-your-first-space.fr')).statusCode).toBe(404);

    const cards = (await get('/api/articles?kind=guide&lang=fr')).json() as { slug: string; title: string }[];
    expect(cards.find((c) => c.slug === 'create-your-first-space')!.title).toBe('Créez votre premier espace 3D');
    expect(cards.find((c) => c.slug === 'style-your-space')!.title).toBe('Habillez votre espace de matériaux, de ciels et de sons');
    expect(cards.some((c) => c.slug.includes('.'))).toBe(false);
    // Every shipped article has its French: blog posts and the white paper too.
    for (const kind of ['blog', 'whitepaper']) {
      const english = (await get(`/api/articles?kind=${kind}`)).json() as { slug: string; title: string }[];
      const french = (await get(`/api/articles?kind=${kind}&lang=fr`)).json() as { slug: string; title: string }[];
      expect(french.map((b) => b.slug)).toEqual(english.map((b) => b.slug));
      for (const [i, b] of french.entries()) expect(b.title, b.slug).not.toBe(english[i]!.title);
    }
    // An article staff wrote in the product has no French: it reads as written.
    const created = await injectAs(app, staff, 'POST', '/api/articles', {
      slug: 'english-only-post', kind: 'blog', title: 'Only in English', description: 'd', body: '## Hello\n\nText.', tags: [],
    });
    expect(created.statusCode, created.body).toBeLessThan(300);
    // (a draft: staff read it)
    const draft = await injectAs(app, staff, 'GET', '/api/articles/english-only-post?lang=fr');
    expect(draft.statusCode, draft.body).toBe(200);
    expect((draft.json() as { title: string }).title).toBe('Only in English');
    // Categories read in French on the cards, the menu and their own listing.
    const card = cards.find((c) => c.slug === 'create-your-first-space') as unknown as { category: { slug: string; title: string } };
    expect(card.category).toEqual({ slug: 'getting-started', title: 'Premiers pas' });
    const categories = (await get('/api/categories?lang=fr')).json() as { slug: string; title: string; description: string }[];
    expect(categories.find((c) => c.slug === 'building')).toMatchObject({ title: 'Construire des espaces', description: 'Pièces, murs, styles et contenus.' });
    expect(((await get('/api/categories')).json() as { slug: string; title: string }[]).find((c) => c.slug === 'building')!.title).toBe('Building spaces');
    const menu = (await get('/api/guides-menu?lang=fr')).json() as { category: { title: string } | null; guides: { slug: string; title: string }[] }[];
    expect(menu.map((g) => g.category?.title)).toContain('Premiers pas');
    expect(menu.flatMap((g) => g.guides).find((g) => g.slug === 'publish-share-and-embed')!.title).toBe('Publier, partager et intégrer votre espace');
  });

  it('an unknown language is a 400, not a silent English', async () => {
    for (const url of ['/api/faqs?lang=xx', '/api/glossary?lang=de', '/api/video-tutorials?lang=%3Cscript%3E', '/api/articles?lang=es', '/api/guides-menu?lang=x']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
  });
});
