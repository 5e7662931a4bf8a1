import { useTranslation } from 'react-i18next';
import { DIGITAL_TRANSFORMATION } from '../content/solutions.ts';
import { DIGITAL_TRANSFORMATION_FR } from '../content/solutions.fr.ts';
import { SolutionView } from './SolutionPage.tsx';

export default function DigitalTransformationPage() {
  const { t, i18n } = useTranslation();
  return <SolutionView label={t('solution.digitalTransformation')} content={i18n.language === 'fr' ? DIGITAL_TRANSFORMATION_FR : DIGITAL_TRANSFORMATION} />;
}
