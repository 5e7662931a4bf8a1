import { ViewerRoute } from './ViewerPage.tsx';

export default function EmbedViewerPage() {
  return <ViewerRoute embedded />;
}
