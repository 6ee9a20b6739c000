import { createFileRoute } from '@tanstack/react-router';
import { PanelStartPage } from '../../../features/panel/shell/components/start-page';

export const Route = createFileRoute('/_business/panel/')({
  component: PanelStartPage,
});
