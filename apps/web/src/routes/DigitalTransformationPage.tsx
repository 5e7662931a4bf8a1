import { useTranslation } from 'react-i18next';
import { DIGITAL_TRANSFORMATION } from '../content/solutions.ts';
import { SolutionView } from './SolutionPage.tsx';

export default function DigitalTransformationPage() {
  const { t } = useTranslation();
  return <SolutionView label={t('solution.digitalTransformation')} content={DIGITAL_TRANSFORMATION} />;
}
