import fp from 'fastify-plugin';
import { statusClass, type Metrics } from './metrics';

/**
 * Counts and times every answered request by method, route PATTERN (`/api/v1/cards/:cardId`, never the raw
 * URL with ids, so the series stay few) and status class. A request no route matched is `route="unmatched"`.
 */
export const httpMetricsPlugin = fp<{ metrics: Metrics }>(
  async (app, { metrics }) => {
    app.addHook('onResponse', (request, reply, done) => {
      const method = request.method;
      const route = request.is404 ? 'unmatched' : (request.routeOptions.url ?? 'unmatched');
      const labels = { method, route, status_class: statusClass(reply.statusCode) };
      metrics.http.requests.inc(labels);
      metrics.http.duration.observe(labels, reply.elapsedTime / 1000);
      if (reply.statusCode >= 500) metrics.http.errors.inc({ method, route });
      done();
    });
  },
  { name: 'punkto-http-metrics' },
);
