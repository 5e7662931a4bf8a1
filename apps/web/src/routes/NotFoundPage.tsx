import { NotFoundView } from './NotFoundView.tsx';

export default function NotFoundPage() {
  return <NotFoundView />;
}
