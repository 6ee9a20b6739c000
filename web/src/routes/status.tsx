import { createFileRoute } from '@tanstack/react-router';
import { serviceStatusQueryOptions } from '../features/status/api/get-service-status';
import { StatusBoard } from '../features/status/components/status-board';

export const Route = createFileRoute('/status')({
  // Start asking while the page chunk loads; the page itself shows the pending, failed and healthy states.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(serviceStatusQueryOptions());
  },
  component: StatusBoard,
});
