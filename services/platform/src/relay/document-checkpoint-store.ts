import type { DocumentStore } from '../documents/document-store.port';
import type { CheckpointStore } from './checkpoint-store.port';

type CheckpointDoc = { _id: string; position: string; updatedAt: string };

/**
 * Checkpoints as documents (`checkpoints` collection) of any DocumentStore: with MongoDB they live next to
 * the read models, so a service process keeps no local state at all (any replica can take over a relay).
 * Each save is one single-document upsert; a lost save only makes the reader redo work (at-least-once).
 */
export class DocumentCheckpointStore implements CheckpointStore {
  constructor(
    private readonly documents: DocumentStore,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async load(name: string): Promise<string | undefined> {
    return (await this.documents.collection<CheckpointDoc>('checkpoints').get(name))?.position;
  }

  async save(name: string, position: string): Promise<void> {
    await this.documents
      .collection<CheckpointDoc>('checkpoints')
      .upsert({ _id: name, position, updatedAt: this.now().toISOString() });
  }
}
