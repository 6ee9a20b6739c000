import { createFileRoute } from '@tanstack/react-router';
import { PanelStartPage } from '../../../features/panel/shell/start-page';

export const Route = createFileRoute('/_business/panel/')({
  component: PanelStartPage,
});
