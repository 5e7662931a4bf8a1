import { Button, Container, Group, Text, Title } from '@mantine/core';
import { IconCube, IconLayoutGrid } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Illustration } from '../../components/Illustration.tsx';
import classes from './Home.module.css';

export function Hero() {
  const { t } = useTranslation();
  return (
    <section className={classes.hero} aria-labelledby="hero-title">
      <Container className={classes.heroGrid}>
        <div>
          <Text className={classes.eyebrow}>{t('home.hero.eyebrow')}</Text>
          <Title id="hero-title" order={1} className={classes.heroTitle} mt="sm">
            {t('home.hero.title')}
          </Title>
          <Text size="xl" c="dark.4" mt="lg" maw={560}>
            {t('home.hero.text')}
          </Text>
          <Group mt={36} gap="sm">
            <Button
              component={Link}
              to="/explore/3d"
              size="lg"
              leftSection={<IconCube size={20} aria-hidden="true" />}
            >
              {t('home.hero.explore3d')}
            </Button>
            <Button
              component={Link}
              to="/explore?view=grid"
              size="lg"
              variant="default"
              leftSection={<IconLayoutGrid size={20} aria-hidden="true" />}
            >
              {t('home.hero.exploreGrid')}
            </Button>
          </Group>
        </div>
        <Illustration name="gallery" alt={t('home.hero.imageAlt')} className={classes.heroImage} eager />
      </Container>
    </section>
  );
}
