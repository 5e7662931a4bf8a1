import { Button, Container, Group, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Illustration, type IllustrationName } from '../../components/Illustration.tsx';
import classes from './Home.module.css';

const PREMADE: { key: string; image: IllustrationName }[] = [
  { key: 'gallery', image: 'gallery' },
  { key: 'loft', image: 'loft' },
  { key: 'pavilion', image: 'pavilion' },
];

export function Premade() {
  const { t } = useTranslation();
  return (
    <section className={classes.section} aria-labelledby="premade-title">
      <Container>
        <Group justify="space-between" align="flex-end" gap="lg">
          <div style={{ maxWidth: 760 }}>
            <Title id="premade-title" order={2} className={classes.sectionTitle}>
              {t('home.premadeTitle')}
            </Title>
            <Text size="lg" c="dimmed" mt="sm">
              {t('home.premadeText')}
            </Text>
          </div>
          <Button component={Link} to="/curate" size="md" variant="light">
            {t('home.premadeCta')}
          </Button>
        </Group>
        <div className={classes.premade}>
          {PREMADE.map(({ key, image }) => (
            <figure key={key} className={classes.premadeCard}>
              <Illustration name={image} alt={t(`home.premade.${key}`)} />
              <figcaption>{t(`home.premade.${key}`)}</figcaption>
            </figure>
          ))}
        </div>
      </Container>
    </section>
  );
}
