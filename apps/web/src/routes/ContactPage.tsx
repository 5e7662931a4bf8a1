import { Container, Stack, Text, Title } from '@mantine/core';
import { IconBook2, IconFileText, IconHelpCircle, IconVocabulary } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ContactForm } from '../features/contact/ContactForm.tsx';
import { cleanSubject } from '../features/contact/subject.ts';
import classes from './Page.module.css';

const RESOURCES = [
  { key: 'guides', to: '/resources/guides', Icon: IconBook2 },
  { key: 'faqs', to: '/resources/faqs', Icon: IconHelpCircle },
  { key: 'whitepaper', to: '/resources/whitepaper', Icon: IconFileText },
  { key: 'glossary', to: '/resources/glossary', Icon: IconVocabulary },
] as const;

export default function ContactPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const subject = cleanSubject(params.get('subject'));
  return (
    <>
      <div className={classes.pageHead}>
        <Container>
          <Title order={1} className={classes.title}>
            {t('contact.title')}
          </Title>
          <Text size="xl" c="dark.4" mt="md" maw={720}>
            {t('contact.text')}
          </Text>
        </Container>
      </div>
      <Container className={classes.contactGrid}>
        <div className={classes.card}>
          <ContactForm subject={subject || undefined} />
        </div>
        <aside aria-labelledby="contact-resources">
          <Title id="contact-resources" order={2} size="h3" mb="md">
            {t('contact.resourcesTitle')}
          </Title>
          <Stack gap={4}>
            {RESOURCES.map(({ key, to, Icon }) => (
              <Link key={key} to={to} className={classes.resource}>
                <span className={classes.resourceIcon}>
                  <Icon size={24} aria-hidden="true" />
                </span>
                <span>
                  <Text fw={700} size="lg">
                    {t(`contact.${key}`)}
                  </Text>
                  <Text c="dimmed">{t(`contact.${key}Text`)}</Text>
                </span>
              </Link>
            ))}
          </Stack>
        </aside>
      </Container>
    </>
  );
}
