import { useEffect, useState } from 'react';
import { Accordion, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { msg } from '../../i18n/msg.ts';
import { fetchFaqs } from './queries.ts';

/** How many questions the home page shows; the rest are on /resources/faqs. */
const HOME_FAQS = 6;

type Faqs = Awaited<ReturnType<typeof fetchFaqs>>;

/**
 * The home's questions from the API. A chunk of its own, loaded by Faq.tsx when the visitor nears the
 * section: with it come the API client, the Accordion (and its Collapse and transitions) and the spec
 * messages, none of which the first screen needs.
 */
export default function FaqList() {
  const { t, i18n } = useTranslation();
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
    // A language switch asks again: the questions come in the interface language.
  }, [i18n.language]);
  if (faqs === null) return <Loader mx="auto" display="block" role="status" aria-label={t('home.faqLoading')} />;
  if (faqs === 'failed' || faqs.length === 0)
    return (
      <Text ta="center" c="dimmed">
        {faqs === 'failed' ? msg.somethingWentWrong : msg.articles.noFaqs}
      </Text>
    );
  return (
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
  );
}
