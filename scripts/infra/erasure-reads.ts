import { Kafka, logLevel } from 'kafkajs';
import type { MongoClient } from 'mongodb';
import { lowerText } from '../testing/stored-text';

/**
 * The erasure test's reads of the real engines (ADR 0046): every document of every collection of the
 * product's MongoDB databases (`punkto_<service>`, GridFS included), and every record still on every Kafka
 * topic. One line per hit: `<database>.<collection> (<needle>)` / `<topic> (<needle>)`.
 */
export async function mongoHits(client: MongoClient, needles: readonly string[]): Promise<string[]> {
  const lower = needles.map((n) => n.toLowerCase());
  const found: string[] = [];
  const { databases } = await client.db().admin().listDatabases();
  for (const { name } of databases.filter((d) => d.name.startsWith('punkto_'))) {
    const db = client.db(name);
    for (const { name: collection } of await db.listCollections().toArray()) {
      for await (const doc of db.collection(collection).find()) {
        const text = lowerText(doc);
        const hit = lower.find((n) => text.includes(n));
        if (hit) found.push(`${name}.${collection} (${hit}): ${text.slice(0, 200)}`);
      }
    }
  }
  return found;
}

/** reads every partition of every topic from its log start to its end (a throwaway consumer, no group) */
export async function kafkaHits(brokers: string, needles: readonly string[]): Promise<string[]> {
  const lower = needles.map((n) => n.toLowerCase());
  const kafka = new Kafka({
    clientId: 'erasure-test',
    brokers: brokers.split(','),
    logLevel: logLevel.NOTHING,
  });
  const admin = kafka.admin();
  await admin.connect();
  const found: string[] = [];
  const consumer = kafka.consumer({ groupId: `erasure-read-${Date.now()}-${Math.random()}` });
  try {
    const topics = (await admin.listTopics()).filter((t) => !t.startsWith('__'));
    const remaining = new Map<string, number>();
    for (const topic of topics)
      for (const { partition, low, high } of await admin.fetchTopicOffsets(topic))
        if (Number(high) > Number(low)) remaining.set(`${topic}/${partition}`, Number(high));
    if (remaining.size === 0) return found;
    await consumer.connect();
    await consumer.subscribe({
      topics: [...new Set([...remaining.keys()].map((k) => k.split('/')[0]!))],
      fromBeginning: true,
    });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`kafka read: ${remaining.size} partitions unread`)),
        30_000,
      );
      void consumer.run({
        autoCommit: false,
        eachMessage: async ({ topic, partition, message }) => {
          const text = `${message.key?.toString() ?? ''} ${message.value?.toString() ?? ''}`.toLowerCase();
          const hit = lower.find((n) => text.includes(n));
          if (hit) found.push(`${topic} (${hit}): ${text.slice(0, 200)}`);
          const key = `${topic}/${partition}`;
          if (Number(message.offset) + 1 >= (remaining.get(key) ?? 0)) remaining.delete(key);
          if (remaining.size === 0) {
            clearTimeout(timer);
            resolve();
          }
        },
      });
    });
  } finally {
    await consumer.disconnect();
    await admin.disconnect();
  }
  return found;
}
