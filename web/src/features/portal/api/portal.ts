import type { ActivityType } from '@punkto/contracts/cards';
import * as endpoints from '@punkto/contracts/endpoints/customers';
import { CardStreamEvents, MyCard, MyCardsResponse } from '@punkto/contracts/customers';
import { keepPreviousData, queryOptions, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../../lib/api/api-client';

/** Every portal query starts with this key: one invalidation refreshes the overview, cards and history. */
export const portalQueryKey = ['portal'] as const;
export const myCardsQueryKey = [...portalQueryKey, 'my-cards'] as const;

/** GET /customers/my-cards: the signed-in customer's cards with their QR payloads. */
export function myCardsQueryOptions() {
  return queryOptions({
    queryKey: myCardsQueryKey,
    queryFn: ({ signal }) => api.call(endpoints.myCards, { signal }),
  });
}

/** GET /customers/my-overview: totals and the 5 newest history entries. */
export function myOverviewQueryOptions() {
  return queryOptions({
    queryKey: [...portalQueryKey, 'my-overview'] as const,
    queryFn: ({ signal }) => api.call(endpoints.myOverview, { signal }),
  });
}

export type MyHistoryApiQuery = {
  pageNumber: number;
  pageSize: number;
  activityType?: ActivityType | undefined;
};

/** GET /customers/my-history (paged, optional activity type); the previous page stays while the next loads. */
export function myHistoryQueryOptions(query: MyHistoryApiQuery) {
  return queryOptions({
    queryKey: [...portalQueryKey, 'my-history', query] as const,
    queryFn: ({ signal }) => api.call(endpoints.myHistory, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Puts one changed card into the cached list (appended if new) and marks the rest of the portal stale. */
export function applyCardUpdate(queryClient: QueryClient, card: MyCard): void {
  queryClient.setQueryData(myCardsQueryKey, (previous: MyCardsResponse | undefined) => {
    if (!previous) return { items: [card] };
    const exists = previous.items.some((c) => c.cardId === card.cardId);
    return {
      items: exists
        ? previous.items.map((c) => (c.cardId === card.cardId ? card : c))
        : [...previous.items, card],
    };
  });
  void queryClient.invalidateQueries({ queryKey: [...portalQueryKey, 'my-overview'] });
  void queryClient.invalidateQueries({ queryKey: [...portalQueryKey, 'my-history'] });
}

export type LiveStatus = 'connecting' | 'live' | 'offline';

const STREAM_URL = endpoints.myCardsStream.path;
/** after the browser gave up (e.g. the access token expired → 401), refresh the session and try again */
const RECONNECT_DELAY_MS = 5_000;

/**
 * Live updates of the customer's cards while the page is open (server-sent events, same origin, cookies
 * sent). `cards` replaces the whole cached list, `card` updates one card. EventSource reconnects by itself
 * after a dropped connection; when it gives up (a non-200 answer) the session is refreshed and a new
 * stream opened after a pause. Closed on unmount.
 */
export function useMyCardsLiveUpdates(): LiveStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>('connecting');

  useEffect(() => {
    if (typeof EventSource === 'undefined') {
      setStatus('offline');
      return;
    }
    let source: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const open = () => {
      source = new EventSource(STREAM_URL, { withCredentials: true });
      source.onopen = () => setStatus('live');
      source.addEventListener(CardStreamEvents.snapshot, (event) => {
        const parsed = MyCardsResponse.safeParse(safeJson((event as MessageEvent<string>).data));
        if (parsed.success) queryClient.setQueryData(myCardsQueryKey, parsed.data);
        setStatus('live');
      });
      source.addEventListener(CardStreamEvents.card, (event) => {
        const parsed = MyCard.safeParse(safeJson((event as MessageEvent<string>).data));
        if (parsed.success) applyCardUpdate(queryClient, parsed.data);
        else void queryClient.invalidateQueries({ queryKey: portalQueryKey });
      });
      source.onerror = () => {
        if (!source || source.readyState !== EventSource.CLOSED) {
          setStatus('connecting');
          return;
        }
        setStatus('offline');
        source.close();
        retry = setTimeout(() => {
          if (stopped) return;
          void api
            .refreshSession({ redirectOnFailure: false })
            .catch(() => undefined)
            .finally(() => {
              if (stopped) return;
              setStatus('connecting');
              void queryClient.invalidateQueries({ queryKey: myCardsQueryKey });
              open();
            });
        }, RECONNECT_DELAY_MS);
      };
    };
    open();

    return () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      source?.close();
    };
  }, [queryClient]);

  return status;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
