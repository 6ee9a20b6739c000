import { v7 as uuidv7 } from 'uuid';
import type { Collection, DocumentStore } from '@punkto/platform/documents/document-store.port';
import {
  isValidPushToken,
  type Apns,
  type ApnsRecords,
  type PushOutcome,
  type RecordedPush,
} from './apns.port';

export const PUSHES_COLLECTION = 'wallet_apns_pushes';

type PushDoc = Omit<RecordedPush, 'id'> & { _id: string };

/**
 * The embedded Apns (no Apple account, no network): every push is kept in the document store, where the dev
 * page and the tests read it. A token that is not an APNs token is answered as APNs would (`bad-token`), so
 * the caller's handling of dead tokens runs in development too.
 */
export class RecordedApns implements Apns, ApnsRecords {
  private readonly pushes: Collection<PushDoc>;

  private constructor(
    store: DocumentStore,
    private readonly options: { topic: string; now: () => Date },
  ) {
    this.pushes = store.collection<PushDoc>(PUSHES_COLLECTION);
  }

  static async open(
    store: DocumentStore,
    options: { topic: string; now: () => Date },
  ): Promise<RecordedApns> {
    const apns = new RecordedApns(store, options);
    await apns.pushes.ensureIndex({ fields: { pushToken: 1, at: -1 } });
    return apns;
  }

  async push(pushToken: string): Promise<PushOutcome> {
    if (!isValidPushToken(pushToken)) return { outcome: 'bad-token' };
    const id = uuidv7();
    await this.pushes.insert({
      _id: id,
      pushToken: pushToken.toLowerCase(),
      topic: this.options.topic,
      at: this.options.now().toISOString(),
    });
    return { outcome: 'sent', apnsId: id };
  }

  async listPushes(options: { pushToken?: string; limit?: number } = {}): Promise<RecordedPush[]> {
    const docs = await this.pushes.find(
      options.pushToken ? { pushToken: options.pushToken.toLowerCase() } : {},
      { sort: { _id: -1 }, limit: options.limit ?? 100 },
    );
    return docs.map(({ _id, _rev: _, ...push }) => ({ id: _id, ...push }));
  }

  async close(): Promise<void> {}
}
