import { Accordion, Anchor, Container, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import classes from './Home.module.css';

const QUESTIONS = ['code', 'visitors', 'free', 'people', 'embed', 'district'] as const;

export function Faq() {
  const { t } = useTranslation();
  return (
    <section className={`${classes.section} ${classes.tinted}`} aria-labelledby="faq-title">
      <Container size={960}>
        <Title id="faq-title" order={2} className={classes.sectionTitle} ta="center" mb={40}>
          {t('home.faqTitle')}
        </Title>
        <Accordion variant="separated" radius="lg" transitionDuration={200} chevronPosition="right">
          {QUESTIONS.map((q) => (
            <Accordion.Item key={q} value={q} bg="white">
              <Accordion.Control>
                <strong>{t(`home.faq.${q}.q`)}</strong>
              </Accordion.Control>
              <Accordion.Panel>{t(`home.faq.${q}.a`)}</Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
        <Anchor component={Link} to="/resources/faqs" display="block" ta="center" mt="xl" fw={700}>
          {t('home.faqAll')}
        </Anchor>
      </Container>
    </section>
  );
}
