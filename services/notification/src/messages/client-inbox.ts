import { phoneOnlyHolder } from '@punkto/contracts/clients';
import type { MessagesContext } from './messages-context';

/**
 * The app-inbox messages of a client without an account (kept under `client:<id>`, campaign-batch.ts) go where
 * the client's copy says: into the account's inbox once one is linked (ClientAccountLinked), nowhere once the
 * client is forgotten (ClientRemoved, UserDeleted). Written under the account first, then dropped under the
 * client: a rerun after a crash in between finishes the move, and two movers write the same document.
 */
export async function moveClientInbox(ctx: MessagesContext, clientId: string, userId: string | null) {
  for (const { _id, _rev, ...message } of await ctx.inbox.find({ userId: phoneOnlyHolder(clientId) })) {
    if (userId) await ctx.inbox.upsert({ ...message, _id: `${message.campaignId}:${userId}`, userId });
    await ctx.inbox.delete(_id);
  }
}

/**
 * After a message was written under a client: the client's copy read again, and the message moved or dropped if
 * the link or the removal was handled here meanwhile. The consumer changes the copy first and then moves what it
 * finds; this writes first and then reads the copy — so one of the two always sees the other's step.
 */
export async function settleClientInbox(ctx: MessagesContext, clientId: string) {
  const contact = await ctx.copies.contact(clientId);
  if (contact && !contact.userId) return; // still without an account: the link will move it
  await moveClientInbox(ctx, clientId, contact?.userId ?? null);
}
