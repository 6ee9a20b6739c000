import { createFileRoute } from '@tanstack/react-router';
import { CodeEntry } from '../../features/join/components/short-link-page';

/** `/k`: the field for a program's code, for a person who has the code but not the link. */
export const Route = createFileRoute('/k/')({
  component: () => <CodeEntry title="Dołącz do programu lojalnościowego" />,
});
