import { Container, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Carousel } from '../../components/Carousel.tsx';
import { Illustration, type IllustrationName } from '../../components/Illustration.tsx';
import classes from './Home.module.css';

const AUDIENCES: { key: string; image: IllustrationName }[] = [
  { key: 'museums', image: 'museum' },
  { key: 'educators', image: 'classroom' },
  { key: 'brands', image: 'showroom' },
  { key: 'events', image: 'events' },
  { key: 'artists', image: 'studio' },
];

export function Audiences() {
  const { t } = useTranslation();
  const slides = AUDIENCES.map(({ key, image }) => (
    <div className={classes.slide}>
      <Illustration name={image} alt="" />
      <div>
        <Title order={3} size="h2" c="white">
          {t(`home.audiences.${key}.title`)}
        </Title>
        <Text size="xl" mt="md" c="gray.3">
          {t(`home.audiences.${key}.text`)}
        </Text>
      </div>
    </div>
  ));
  return (
    <section className={`${classes.section} ${classes.tinted}`} aria-labelledby="audience-title">
      <Container>
        <Title id="audience-title" order={2} className={classes.sectionTitle}>
          {t('home.audienceTitle')}
        </Title>
        <Text size="lg" c="dimmed" mt="sm" mb={40} maw={720}>
          {t('home.audienceText')}
        </Text>
        <Carousel
          label={t('home.carouselLabel')}
          slides={slides}
          prevLabel={t('home.carouselPrev')}
          nextLabel={t('home.carouselNext')}
          goToLabel={(n) => t('home.carouselGoTo', { n })}
        />
      </Container>
    </section>
  );
}
