import type { CardView } from '@punkto/contracts/cards';
import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { notify } from '../../../lib/notify-instance';
import { cardQueryKey, sendQueuedAward } from '../api/cards';
import {
  inReplayOrder,
  refusedAwards,
  scopeOf,
  type NewAward,
  type QueuedAward,
  type RecentCard,
  type RecentCardQuery,
} from './offline-queue';
import { indexedDbOfflineStore, type OfflineStore } from './offline-store';
import { replayQueue } from './replay';

/** one replay at a time across the person's tabs (Web Locks) */
const REPLAY_LOCK = 'punkto-scanner-replay';
/** tabs tell each other the queue changed */
const CHANNEL = 'punkto-scanner-queue';

export type OfflineScanner = {
  /** no connection: the browser says so, or the last call could not reach the server */
  offline: boolean;
  queue: QueuedAward[];
  refused: QueuedAward[];
  replaying: boolean;
  /** a lookup or an award could not reach the server / reached it */
  reportNetworkFailure: () => void;
  reportNetworkSuccess: () => void;
  rememberCards: (cards: readonly CardView[]) => void;
  findRecentCard: (query: RecentCardQuery) => Promise<RecentCard | null>;
  enqueue: (award: Omit<NewAward, 'tenantId'>) => Promise<QueuedAward>;
  replayNow: () => void;
  dismiss: (id: string) => void;
  sendAgain: (id: string) => void;
};

const OfflineScannerContext = createContext<OfflineScanner | null>(null);

export function useOfflineScanner(): OfflineScanner {
  const value = useContext(OfflineScannerContext);
  if (!value) throw new Error('useOfflineScanner() outside <OfflineScannerProvider>');
  return value;
}

const newId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

function bookedMessage(count: number): string {
  return `Połączenie wróciło: zaksięgowano operacje z kolejki (${count}).`;
}

/** Runs `task` unless another tab is replaying already; false when it did not run. */
async function exclusively(task: () => Promise<void>): Promise<boolean> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) {
    await task();
    return true;
  }
  return locks.request(REPLAY_LOCK, { ifAvailable: true }, async (lock) => {
    if (!lock) return false;
    await task();
    return true;
  });
}

/**
 * The scanner's offline side for one person (tenant + user): whether there is a connection, the cards seen
 * recently, the award queue in IndexedDB and its replay — when the browser comes online, after any call that
 * reached the server, and after a backoff while the queue is not empty.
 */
export function OfflineScannerProvider({
  tenantId,
  userId,
  children,
}: {
  tenantId: string;
  userId: string;
  children: ReactNode;
}) {
  const queryClient = useQueryClient();
  const scope = scopeOf(tenantId, userId);
  const store: OfflineStore = useMemo(() => indexedDbOfflineStore(scope), [scope]);
  const [browserOnline, setBrowserOnline] = useState(() =>
    typeof navigator === 'undefined' ? true : navigator.onLine,
  );
  const [networkDown, setNetworkDown] = useState(false);
  const [records, setRecords] = useState<QueuedAward[]>([]);
  const [replaying, setReplaying] = useState(false);
  const running = useRef(false);
  const retryTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const channel = useRef<BroadcastChannel | null>(null);
  const replayRef = useRef<(force?: boolean) => void>(() => {});

  const reload = useCallback(async () => {
    try {
      setRecords(await store.awards());
    } catch {
      setRecords([]);
    }
  }, [store]);

  const changed = useCallback(async () => {
    await reload();
    channel.current?.postMessage('changed');
  }, [reload]);

  /** `force`: send the head now, whatever its backoff (the connection came back, or a person asked) */
  const replay = useCallback(
    async (force = false) => {
      if (running.current) return;
      if (typeof navigator !== 'undefined' && !navigator.onLine) return;
      running.current = true;
      clearTimeout(retryTimer.current);
      setReplaying(true);
      try {
        const ran = await exclusively(async () => {
          const result = await replayQueue({
            store,
            send: sendQueuedAward,
            now: () => Date.now(),
            ignoreBackoff: force,
            onBooked: (_entry, card) => {
              if (!card) return;
              queryClient.setQueryData(cardQueryKey(card.cardId), card);
              void store.rememberCards([card], Date.now()).catch(() => {});
            },
            onRefused: () => void changed(),
          });
          await changed();
          setNetworkDown(result.networkFailed);
          if (result.booked > 0) notify.success(bookedMessage(result.booked));
          if (result.refused > 0)
            notify.error('Część operacji z kolejki została odrzucona — sprawdź listę „Odrzucone”.');
          if (result.retryInMs !== null)
            retryTimer.current = setTimeout(() => replayRef.current(), result.retryInMs);
        });
        // another tab holds the queue: look again later, in case that tab goes away meanwhile
        if (!ran) retryTimer.current = setTimeout(() => replayRef.current(), 15_000);
      } catch {
        // the database could not be read: try again later
        retryTimer.current = setTimeout(() => replayRef.current(), 30_000);
      } finally {
        running.current = false;
        setReplaying(false);
      }
    },
    [store, queryClient, changed],
  );

  useEffect(() => {
    replayRef.current = (force) => void replay(force);
  }, [replay]);

  useEffect(() => {
    const online = () => {
      setBrowserOnline(true);
      setNetworkDown(false);
      replayRef.current(true);
    };
    const offline = () => setBrowserOnline(false);
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    channel.current = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
    if (channel.current) channel.current.onmessage = () => void reload();
    void reload().then(() => replayRef.current());
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      channel.current?.close();
      channel.current = null;
      clearTimeout(retryTimer.current);
    };
  }, [reload]);

  const value = useMemo<OfflineScanner>(() => {
    const queue = inReplayOrder(records);
    return {
      offline: !browserOnline || networkDown,
      queue,
      refused: refusedAwards(records),
      replaying,
      reportNetworkFailure: () => setNetworkDown(true),
      reportNetworkSuccess: () => {
        setNetworkDown(false);
        if (queue.length > 0) replayRef.current();
      },
      rememberCards: (cards) => void store.rememberCards(cards, Date.now()).catch(() => {}),
      findRecentCard: (query) => store.findCard(query, Date.now()),
      enqueue: async (award) => {
        const entry = await store.enqueue({ ...award, tenantId, id: newId() }, Date.now());
        await changed();
        return entry;
      },
      replayNow: () => replayRef.current(true),
      dismiss: (id) => void store.remove(id).then(changed),
      sendAgain: (id) =>
        void store
          .requeue(id, Date.now())
          .then(changed)
          .then(() => replayRef.current(true)),
    };
  }, [records, browserOnline, networkDown, replaying, store, tenantId, changed]);

  return <OfflineScannerContext.Provider value={value}>{children}</OfflineScannerContext.Provider>;
}
