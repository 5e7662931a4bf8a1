import { Container, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './Home.module.css';

const STEPS = ['define', 'design', 'content', 'paths', 'publish'] as const;

export function Steps() {
  const { t } = useTranslation();
  return (
    <section className={`${classes.section} ${classes.tinted}`} aria-labelledby="steps-title">
      <Container>
        <Title id="steps-title" order={2} className={classes.sectionTitle} ta="center">
          {t('home.stepsTitle')}
        </Title>
        <Text ta="center" size="lg" c="dimmed" mt="sm">
          {t('home.stepsText')}
        </Text>
        <ol className={classes.steps}>
          {STEPS.map((key, i) => (
            <li key={key} className={classes.step}>
              <span className={classes.stepNumber} aria-hidden="true">
                {i + 1}
              </span>
              <Title order={3} size="h4">
                {t(`home.steps.${key}.title`)}
              </Title>
              <Text c="dark.4" mt="xs">
                {t(`home.steps.${key}.text`)}
              </Text>
            </li>
          ))}
        </ol>
      </Container>
    </section>
  );
}
