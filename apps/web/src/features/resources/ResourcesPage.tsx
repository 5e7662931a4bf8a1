import { lazy, Suspense, useEffect, useState } from 'react';
import { Button, Container } from '@mantine/core';
import { IconBook, IconChevronDown, IconExternalLink, IconFileText, IconHelp, IconList, IconNews, IconPencil, IconVideo } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, Route, Routes, useLocation } from 'react-router';
import { useSession } from '../../auth/useSession.ts';
import { PageLoader } from '../../layout/RootLayout.tsx';
import './i18n.ts';
import { ArticleListPage, ArticlePage, FaqsPage, GlossaryPage, UnknownResource, VideoTutorialsPage, WhitepaperPage } from './pages.tsx';
import { useCmsMe, useResourceCategories } from './queries.ts';
import classes from './Resources.module.css';

// The content editor (tables, tabs, selects) is for staff only: readers of a guide never download it.
const CmsListPage = lazy(() => import('./CmsEditor.tsx').then((m) => ({ default: m.CmsListPage })));
const CmsEditorPage = lazy(() => import('./CmsEditor.tsx').then((m) => ({ default: m.CmsEditorPage })));

// The sidebar's fixed sections (spec §1 resources; §3 resource category). Their titles go through i18n.
const SECTIONS = [
  { slug: 'faqs', Icon: IconHelp },
  { slug: 'guides', Icon: IconBook },
  { slug: 'video-tutorials', Icon: IconVideo },
  { slug: 'glossary', Icon: IconList },
  { slug: 'blog', Icon: IconNews },
  { slug: 'whitepaper', Icon: IconFileText },
] as const;

function Sidebar() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const session = useSession();
  const staff = useCmsMe(session.status === 'signed-in').data?.staff === true;
  // Sections staff point elsewhere (spec §7: a resource category with an externalUrl) open in a new tab.
  const external = (useResourceCategories().data ?? []).filter((c) => c.externalUrl);
  // The collapsed toggle closes again after navigating, like the header's burger menu.
  useEffect(() => setOpen(false), [pathname]);
  return (
    <aside className={classes.sidebar}>
      <Button
        className={classes.toggle}
        variant="light"
        fullWidth
        justify="space-between"
        rightSection={<IconChevronDown size={18} style={{ transform: open ? 'rotate(180deg)' : undefined }} aria-hidden="true" />}
        aria-expanded={open}
        aria-controls="resources-nav"
        onClick={() => setOpen((o) => !o)}
      >
        {t('resources.toggle')}
      </Button>
      <nav id="resources-nav" aria-label={t('resources.sidebar')} className={classes.sideNav} data-open={open}>
        <ul className={classes.sideList}>
          {SECTIONS.map(({ slug, Icon }) => (
            <li key={slug}>
              <NavLink to={`/resources/${slug}`} className={classes.sideLink}>
                <Icon size={20} aria-hidden="true" />
                {t(`resources.sections.${slug}`)}
              </NavLink>
            </li>
          ))}
          {external.map((c) => (
            <li key={c.slug}>
              <a href={c.externalUrl!} target="_blank" rel="noopener noreferrer" className={classes.sideLink}>
                <IconExternalLink size={20} aria-hidden="true" />
                {c.title}
              </a>
            </li>
          ))}
          {staff && (
            <li>
              <NavLink to="/resources/manage" className={classes.sideLink}>
                <IconPencil size={20} aria-hidden="true" />
                {t('resources.manage')}
              </NavLink>
            </li>
          )}
        </ul>
      </nav>
    </aside>
  );
}

export default function ResourcesPage() {
  return (
    <Container size={1528} className={classes.shell}>
      <Sidebar />
      <div style={{ minWidth: 0 }}>
        {/* The editor's chunk loads beside the sidebar, which stays. */}
        <Suspense fallback={<PageLoader />}>
          <Routes>
            <Route index element={<Navigate to="guides" replace />} />
            <Route path="guides" element={<ArticleListPage kind="guide" />} />
            <Route path="guides/:id" element={<ArticlePage kind="guide" />} />
            <Route path="blog" element={<ArticleListPage kind="blog" />} />
            <Route path="blog/:id" element={<ArticlePage kind="blog" />} />
            <Route path="whitepaper" element={<WhitepaperPage />} />
            <Route path="faqs" element={<FaqsPage />} />
            <Route path="glossary" element={<GlossaryPage />} />
            <Route path="video-tutorials" element={<VideoTutorialsPage />} />
            <Route path="manage" element={<CmsListPage />} />
            <Route path="manage/new" element={<CmsEditorPage />} />
            <Route path="manage/:id" element={<CmsEditorPage />} />
            <Route path="*" element={<UnknownResource />} />
          </Routes>
        </Suspense>
      </div>
    </Container>
  );
}
