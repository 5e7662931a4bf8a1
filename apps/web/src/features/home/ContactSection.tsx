import { Container, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ContactForm } from '../contact/ContactForm.tsx';
import classes from './Home.module.css';

export default function ContactSection() {
  const { t } = useTranslation();
  return (
    <section className={classes.section} aria-labelledby="home-contact-title">
      <Container className={classes.twoCol}>
        <div>
          <Title id="home-contact-title" order={2} className={classes.sectionTitle}>
            {t('home.contactTitle')}
          </Title>
          <Text size="lg" c="dimmed" mt="md">
            {t('home.contactText')}
          </Text>
        </div>
        <div className={classes.contactCard}>
          <ContactForm idPrefix="home-contact" />
        </div>
      </Container>
    </section>
  );
}
