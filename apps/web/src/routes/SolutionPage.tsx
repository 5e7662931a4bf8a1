import { Anchor, Button, Container, Group, Text, Title } from '@mantine/core';
import { IconHeadset, IconTemplate, IconWorldWww } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Illustration } from '../components/Illustration.tsx';
import { SOLUTIONS, type SolutionContent } from '../content/solutions.ts';
import { SOLUTIONS_FR } from '../content/solutions.fr.ts';
import { isSolutionSlug } from '../layout/nav.ts';
import { NotFoundView } from './NotFoundView.tsx';
import { SolutionHeroVideo } from './SolutionHeroVideo.tsx';
import classes from './Solution.module.css';

const EASY = [
  { key: 'noCode', Icon: IconWorldWww },
  { key: 'templates', Icon: IconTemplate },
  { key: 'support', Icon: IconHeadset },
] as const;

export default function SolutionPage() {
  const { slug } = useParams();
  const { t, i18n } = useTranslation();
  if (!isSolutionSlug(slug)) return <NotFoundView />;
  return <SolutionView label={t(`solutions.${slug}`)} content={(i18n.language === 'fr' ? SOLUTIONS_FR : SOLUTIONS)[slug]} />;
}

/** The one solution template: hero, grid, three image cards, three make-it-easy cards, closing call to action. */
export function SolutionView({ label, content: s }: { label: string; content: SolutionContent }) {
  const { t } = useTranslation();
  return (
    <>
      <section className={classes.hero} aria-labelledby="solution-title">
        <Container className={classes.heroGrid}>
          <div>
            <Text fw={700} c="atrium.8" tt="uppercase" size="sm" lts="0.08em">
              <Anchor component={Link} to="/" c="atrium.8" inherit>
                {t('solution.breadcrumb')}
              </Anchor>{' '}
              / {label}
            </Text>
            <Title id="solution-title" order={1} className={classes.title} mt="sm">
              {s.title}
            </Title>
            <Text size="xl" c="dark.4" mt="lg">
              {s.lead}
            </Text>
            <Group mt={32} gap="sm">
              <Button component={Link} to="/curate" size="lg">
                {t('solution.ctaCreate')}
              </Button>
              <Button component={Link} to="/contact" size="lg" variant="default">
                {t('solution.ctaContact')}
              </Button>
            </Group>
          </div>
          <SolutionHeroVideo className={classes.heroImage} />
        </Container>
      </section>

      <section className={classes.section} aria-labelledby="solution-grid">
        <Container>
          <Title id="solution-grid" order={2}>
            {t('solution.gridTitle')}
          </Title>
          <div className={classes.grid}>
            {s.grid.map((g) => (
              <div key={g.title} className={classes.gridItem}>
                <Title order={3} size="h4">
                  {g.title}
                </Title>
                <Text c="dark.4" mt="xs">
                  {g.text}
                </Text>
              </div>
            ))}
          </div>
          <div className={classes.cards}>
            {s.cards.map((c) => (
              <article key={c.title} className={classes.card}>
                <Illustration name={c.image} alt="" />
                <div className={classes.cardBody}>
                  <Title order={3} size="h4">
                    {c.title}
                  </Title>
                  <Text c="dark.4" mt="xs">
                    {c.text}
                  </Text>
                </div>
              </article>
            ))}
          </div>
        </Container>
      </section>

      <section className={`${classes.section} ${classes.easy}`} aria-labelledby="solution-easy">
        <Container>
          <Title id="solution-easy" order={2} c="white">
            {t('solution.easyTitle')}
          </Title>
          <div className={classes.easyGrid}>
            {EASY.map(({ key, Icon }) => (
              <div key={key} className={classes.easyCard}>
                <span className={classes.easyIcon}>
                  <Icon size={28} aria-hidden="true" />
                </span>
                <Title order={3} size="h4" c="white">
                  {t(`solution.easy.${key}.title`)}
                </Title>
                <Text c="gray.4" mt="xs">
                  {t(`solution.easy.${key}.text`)}
                </Text>
              </div>
            ))}
          </div>
        </Container>
      </section>

      <section className={classes.section} aria-labelledby="solution-cta">
        <Container>
          <div className={classes.cta}>
            <Title id="solution-cta" order={2} size="h1">
              {s.cta}
            </Title>
            <Text size="lg" mt="md" c="dark.5">
              {t('solution.ctaText')}
            </Text>
            <Group justify="center" mt="xl">
              <Button component={Link} to="/curate" size="lg" color="dark">
                {t('solution.ctaCreate')}
              </Button>
              <Button component={Link} to="/contact" size="lg" variant="white" color="dark">
                {t('solution.ctaContact')}
              </Button>
            </Group>
          </div>
        </Container>
      </section>
    </>
  );
}
