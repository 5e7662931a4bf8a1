import { useEffect, useRef, useState } from 'react';
import { Accordion, Anchor, Container, Loader, Text, Title } from '@mantine/core';
import { msg } from '../../i18n/msg.ts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { fetchFaqs } from './queries.ts';
import classes from './Home.module.css';

/** How many questions the home page shows; the rest are on /resources/faqs. */
const HOME_FAQS = 6;

type Faqs = Awaited<ReturnType<typeof fetchFaqs>>;

export function Faq() {
  const { t, i18n } = useTranslation();
  const [faqs, setFaqs] = useState<Faqs | null | 'failed'>(null);
  const ref = useRef<HTMLElement>(null);
  // The API client (and the schemas it shares a chunk with) loads when the visitor scrolls within a
  // screen of the questions, not with the home page: it is most of what the first load would carry.
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: '800px 0px' });
    io.observe(el);
    return () => io.disconnect();
  }, [near]);
  useEffect(() => {
    if (!near) return;
    let live = true;
    import('./queries.ts')
      .then((m) => m.fetchFaqs())
      .then(
        (list) => live && setFaqs(list),
        () => live && setFaqs('failed'),
      );
    return () => {
      live = false;
    };
    // A language switch asks again: the questions come in the interface language.
  }, [near, i18n.language]);
  return (
    <section ref={ref} className={`${classes.section} ${classes.tinted}`} aria-labelledby="faq-title">
      <Container size={960}>
        <Title id="faq-title" order={2} className={classes.sectionTitle} ta="center" mb={40}>
          {t('home.faqTitle')}
        </Title>
        {faqs === null ? (
          <Loader mx="auto" display="block" role="status" aria-label={t('home.faqLoading')} />
        ) : faqs === 'failed' || faqs.length === 0 ? (
          <Text ta="center" c="dimmed">
            {faqs === 'failed' ? msg.somethingWentWrong : msg.articles.noFaqs}
          </Text>
        ) : (
          <Accordion variant="separated" radius="lg" transitionDuration={200} chevronPosition="right">
            {faqs.slice(0, HOME_FAQS).map((f) => (
              <Accordion.Item key={f.id} value={f.slug} bg="white">
                <Accordion.Control>
                  <strong>{f.question}</strong>
                </Accordion.Control>
                <Accordion.Panel>{f.answer}</Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        )}
        <Anchor component={Link} to="/resources/faqs" display="block" ta="center" mt="xl" fw={700}>
          {t('home.faqAll')}
        </Anchor>
      </Container>
    </section>
  );
}
