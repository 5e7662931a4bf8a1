import { useEffect, useState } from 'react';
import { Accordion, Anchor, Container, Loader, Text, Title } from '@mantine/core';
import { msg } from '@atrium/shared/messages';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fetchFaqs } from './queries.ts';
import classes from './Home.module.css';

/** How many questions the home page shows; the rest are on /resources/faqs. */
const HOME_FAQS = 6;

type Faqs = Awaited<ReturnType<typeof fetchFaqs>>;

export function Faq() {
  const { t } = useTranslation();
  const [faqs, setFaqs] = useState<Faqs | null | 'failed'>(null);
  useEffect(() => {
    let live = true;
    fetchFaqs().then(
      (list) => live && setFaqs(list),
      () => live && setFaqs('failed'),
    );
    return () => {
      live = false;
    };
  }, []);
  return (
    <section className={`${classes.section} ${classes.tinted}`} aria-labelledby="faq-title">
      <Container size={960}>
        <Title id="faq-title" order={2} className={classes.sectionTitle} ta="center" mb={40}>
          {t('home.faqTitle')}
        </Title>
        {faqs === null ? (
          <Loader mx="auto" display="block" aria-label={t('home.faqLoading')} />
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
