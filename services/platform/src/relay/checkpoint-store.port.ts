/**
 * Where a long-running reader (the event relay, a projection) remembers how far it got. Positions are the
 * opaque strings of the event store port; `name` identifies the reader (e.g. `cardledger-relay`).
 */
export interface CheckpointStore {
  /** the last saved position, or undefined when the reader never saved one */
  load(name: string): Promise<string | undefined>;
  save(name: string, position: string): Promise<void>;
}
