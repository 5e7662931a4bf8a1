import { use, type MouseEvent } from 'react';
import { Button, Container } from '@mantine/core';
import { marked } from 'marked';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DEFAULT_LANGUAGE, type Language } from '@atrium/shared/i18n/languages';
import { currentLanguage } from '../i18n/index.ts';
import classes from './Page.module.css';

export type LegalDoc = 'terms-of-service' | 'professional-services' | 'data-processing' | 'privacy-notice' | 'refund-policy' | 'security';

// Each document is its own small chunk; only the one being read, in the language being read, is downloaded.
// English is content/legal/<doc>.md; French its twin in content/legal/fr/ (legal.test.ts checks every
// document has one with the same sections and links).
const sources = import.meta.glob<string>(['../content/legal/*.md', '../content/legal/fr/*.md'], { query: '?raw', import: 'default' });
const cache = new Map<string, Promise<{ html: string; lang: Language }>>();

const pathOf = (doc: LegalDoc, lng: Language) => `../content/legal/${lng === DEFAULT_LANGUAGE ? '' : `${lng}/`}${doc}.md`;

function loadHtml(doc: LegalDoc, lng: Language): Promise<{ html: string; lang: Language }> {
  const key = `${lng}:${doc}`;
  let p = cache.get(key);
  if (!p) {
    // A language without this document falls back to the English text (and says so with its lang attribute).
    const lang = sources[pathOf(doc, lng)] ? lng : DEFAULT_LANGUAGE;
    const load = sources[pathOf(doc, lang)];
    if (!load) throw new Error(`Unknown legal document ${doc}`);
    // Trusted, checked-in Markdown only: never pass user input through this path.
    p = load().then((md) => ({ html: marked.parse(md, { async: false }), lang }));
    cache.set(key, p);
  }
  return p;
}

const TERMS_FAMILY: LegalDoc[] = ['terms-of-service', 'professional-services', 'data-processing'];
const TERMS_PATHS: Record<string, string> = {
  'terms-of-service': '/terms-of-service',
  'professional-services': '/terms-of-service/professional-services',
  'data-processing': '/terms-of-service/data-processing',
};
const TERMS_LABELS: Record<string, string> = {
  'terms-of-service': 'footer.terms',
  'professional-services': 'legal.professionalServices',
  'data-processing': 'legal.dataProcessing',
};

export default function LegalPage({ doc }: { doc: LegalDoc }) {
  const { t } = useTranslation(); // also re-renders on a language switch, which loads the other text
  const { html, lang } = use(loadHtml(doc, currentLanguage()));
  const navigate = useNavigate();

  // Links inside the Markdown are plain anchors; keep same-site ones inside the SPA.
  const onClick = (e: MouseEvent<HTMLElement>) => {
    const a = (e.target as HTMLElement).closest('a');
    const href = a?.getAttribute('href');
    if (!a || !href?.startsWith('/') || e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    void navigate(href);
  };

  return (
    <Container pt={56}>
      {TERMS_FAMILY.includes(doc) && (
        <nav className={classes.legalNav} aria-label={t('legal.addenda')}>
          {TERMS_FAMILY.map((d) => (
            <Button key={d} component={Link} to={TERMS_PATHS[d]!} size="xs" variant={d === doc ? 'filled' : 'default'} aria-current={d === doc ? 'page' : undefined}>
              {t(TERMS_LABELS[d]!)}
            </Button>
          ))}
        </nav>
      )}
      <article lang={lang} className={classes.prose} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />
    </Container>
  );
}
