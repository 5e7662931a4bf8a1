import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Anchor, Container, Loader, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { shellMsg } from '../../i18n/shellMsg.ts';
import classes from './Home.module.css';

// The list (API client, schemas, Accordion, spec messages) loads when the visitor scrolls within a
// screen of the questions, not with the home page: it is most of what the first load would carry. A
// chunk that fails to load costs this section, not the page (the route's error boundary).
const FaqList = lazy(() =>
  import('./FaqList.tsx').catch(() => ({
    default: () => (
      <Text ta="center" c="dimmed">
        {shellMsg.somethingWentWrong}
      </Text>
    ),
  })),
);

export function Faq() {
  const { t } = useTranslation();
  const ref = useRef<HTMLElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: '800px 0px' });
    io.observe(el);
    return () => io.disconnect();
  }, [near]);
  const loading = <Loader mx="auto" display="block" role="status" aria-label={t('home.faqLoading')} />;
  return (
    <section ref={ref} className={`${classes.section} ${classes.tinted}`} aria-labelledby="faq-title">
      <Container size={960}>
        <Title id="faq-title" order={2} className={classes.sectionTitle} ta="center" mb={40}>
          {t('home.faqTitle')}
        </Title>
        {near ? <Suspense fallback={loading}><FaqList /></Suspense> : loading}
        <Anchor component={Link} to="/resources/faqs" display="block" ta="center" mt="xl" fw={700}>
          {t('home.faqAll')}
        </Anchor>
      </Container>
    </section>
  );
}
