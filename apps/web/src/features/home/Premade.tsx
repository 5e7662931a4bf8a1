import { Button, Container, Group, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import classes from './Home.module.css';

// Engine renders of the medium size of each family (`npm run thumbnails`), served by the server
// from /static/thumbnails/ so the images never enter the JS bundle.
const PREMADE: { key: string; templateId: string }[] = [
  { key: 'gallery', templateId: 'gallery-m' },
  { key: 'loft', templateId: 'loft-m' },
  { key: 'pavilion', templateId: 'exhibition-pavilion-m' },
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
          {PREMADE.map(({ key, templateId }) => (
            <figure key={key} className={classes.premadeCard}>
              <img
                src={`/static/thumbnails/${templateId}.webp`}
                alt={t(`home.premade.${key}`)}
                width={640}
                height={360}
                loading="lazy"
                decoding="async"
                className={classes.premadeImage}
              />
              <figcaption>{t(`home.premade.${key}`)}</figcaption>
            </figure>
          ))}
        </div>
      </Container>
    </section>
  );
}
