import { use, type MouseEvent } from 'react';
import { Button, Container } from '@mantine/core';
import { marked } from 'marked';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import classes from './Page.module.css';

export type LegalDoc = 'terms-of-service' | 'professional-services' | 'data-processing' | 'privacy-notice' | 'refund-policy' | 'security';

// Each document is its own small chunk; only the one being read is downloaded.
const sources = import.meta.glob<string>('../content/legal/*.md', { query: '?raw', import: 'default' });
const cache = new Map<LegalDoc, Promise<string>>();

function loadHtml(doc: LegalDoc): Promise<string> {
  let p = cache.get(doc);
  if (!p) {
    const load = sources[`../content/legal/${doc}.md`];
    if (!load) throw new Error(`Unknown legal document ${doc}`);
    // Trusted, checked-in Markdown only: never pass user input through this path.
    p = load().then((md) => marked.parse(md, { async: false }));
    cache.set(doc, p);
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
  const html = use(loadHtml(doc));
  const { t } = useTranslation();
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
      <article className={classes.prose} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />
    </Container>
  );
}
