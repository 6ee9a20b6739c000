import type { Admin } from 'kafkajs';

/**
 * The Kafka side of the bus's retention (ADR 0046): the records of `topics` that every consumer group reading
 * them has handled, and that are older than `graceMs`, are deleted with the DeleteRecords API (the partition's
 * log start moves past them; nobody can fetch them again). A group "reads" a topic once it committed an
 * offset on any of its partitions; on the other partitions it counts from 0, so a partition it has not
 * handled yet keeps everything. Topics nobody reads keep their records for the topic's `retention.ms`.
 * Returns how many records went.
 */
export async function deleteHandledRecords(
  admin: Admin,
  topics: readonly string[],
  graceMs: number,
  now: Date,
): Promise<number> {
  const wanted = new Set(topics);
  const cut = new Map<string, Map<number, number>>();
  for (const { groupId } of (await admin.listGroups()).groups) {
    const read = (await admin.fetchOffsets({ groupId }))
      .filter((t) => wanted.has(t.topic) && t.partitions.some((p) => Number(p.offset) >= 0))
      .map((t) => t.topic);
    if (read.length === 0) continue;
    for (const { topic, partitions } of await admin.fetchOffsets({ groupId, topics: read })) {
      const byPartition = cut.get(topic) ?? new Map<number, number>();
      for (const { partition, offset } of partitions) {
        const handled = Math.max(0, Number(offset));
        byPartition.set(partition, Math.min(byPartition.get(partition) ?? handled, handled));
      }
      cut.set(topic, byPartition);
    }
  }
  let deleted = 0;
  for (const [topic, handledUpTo] of cut) {
    const [ends, young] = await Promise.all([
      admin.fetchTopicOffsets(topic),
      admin.fetchTopicOffsetsByTimestamp(topic, now.getTime() - graceMs),
    ]);
    const partitions = ends.flatMap(({ partition, low }) => {
      const firstYoung = Number(young.find((y) => y.partition === partition)?.offset ?? low);
      const upTo = Math.min(handledUpTo.get(partition) ?? 0, firstYoung);
      return upTo > Number(low) ? [{ partition, offset: String(upTo), count: upTo - Number(low) }] : [];
    });
    if (partitions.length === 0) continue;
    await admin.deleteTopicRecords({
      topic,
      partitions: partitions.map(({ partition, offset }) => ({ partition, offset })),
    });
    deleted += partitions.reduce((sum, p) => sum + p.count, 0);
  }
  return deleted;
}

/**
 * The log starts of the assigned partitions on which `groupId` has committed nothing yet: a consumer reading
 * from the beginning commits them when it joins, so from then on retention (kafka-retention.ts) keeps every
 * record the group has not handled, even while all its members are down.
 */
export async function uncommittedStarts(admin: Admin, groupId: string, assigned: Record<string, number[]>) {
  const topics = Object.keys(assigned);
  if (topics.length === 0) return [];
  const starts: Array<{ topic: string; partition: number; offset: string }> = [];
  for (const { topic, partitions } of await admin.fetchOffsets({ groupId, topics })) {
    const open = partitions.filter((p) => p.offset === '-1' && assigned[topic]?.includes(p.partition));
    if (open.length === 0) continue;
    const ends = await admin.fetchTopicOffsets(topic);
    for (const { partition } of open)
      starts.push({ topic, partition, offset: ends.find((e) => e.partition === partition)?.low ?? '0' });
  }
  return starts;
}
