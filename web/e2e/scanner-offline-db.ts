import type { Page } from 'playwright-core';

// The offline scanner's browser database (ADR 0015), read and written as the page stores it: IndexedDB
// `punkto-scanner`, stores `awards` (the queue) and `cards` (the cards seen recently).

const READ_QUEUE = `new Promise((resolve, reject) => {
  const open = indexedDB.open('punkto-scanner');
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const request = open.result.transaction('awards').objectStore('awards').getAll();
    request.onsuccess = () => { open.result.close(); resolve(request.result); };
    request.onerror = () => reject(request.error);
  };
})`;
export const writeQueue = (entries: unknown[]) => `new Promise((resolve, reject) => {
  const open = indexedDB.open('punkto-scanner');
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const tx = open.result.transaction('awards', 'readwrite');
    for (const entry of ${JSON.stringify(entries)}) tx.objectStore('awards').put(entry);
    tx.oncomplete = () => { open.result.close(); resolve(true); };
    tx.onerror = () => reject(tx.error);
  };
})`;
export type StoredAward = { id: string; idempotencyKey: string; status: string; cardNumber: string };
export const readQueue = (page: Page) => page.evaluate(READ_QUEUE) as Promise<StoredAward[]>;
const READ_CARDS = READ_QUEUE.replace(/'awards'/g, "'cards'");
export const readCards = (page: Page) => page.evaluate(READ_CARDS) as Promise<{ cardId: string }[]>;
