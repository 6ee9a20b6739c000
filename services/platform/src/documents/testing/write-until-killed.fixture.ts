/** Child process for the SIGKILL durability test: inserts documents forever, printing each acknowledged id. */
import { SqliteDocumentStore } from '../sqlite-document-store';

const store = SqliteDocumentStore.open(process.argv[2]!);
const things = store.collection<{ _id: string; n: number }>('things');
for (let n = 0; ; n++) {
  await things.insert({ _id: `doc-${n}`, n });
  process.stdout.write(`acked doc-${n}\n`);
}
