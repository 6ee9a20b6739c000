import { createApplePass, createGooglePass } from '@punkto/contracts/endpoints/notification';
import { useMutation } from '@tanstack/react-query';
import { api } from './api/api-client';
import { saveBlob } from './save-blob';

/**
 * The card as an Apple Wallet pass (ADR 0012): fetched through the API client (a session that expired is
 * refreshed first) and handed to the browser as a `.pkpass` download, which Safari on iPhone opens in Wallet.
 */
export function useDownloadApplePass() {
  return useMutation({
    mutationFn: async ({ cardId, fileName }: { cardId: string; fileName: string }) => {
      const pass: unknown = await api.call(createApplePass, { params: { id: cardId, x: fileName } });
      if (!(pass instanceof Blob)) throw new Error('Serwer nie zwrócił karty do portfela.');
      saveBlob(pass, fileName);
    },
  });
}

/**
 * The card in Google Wallet (ADR 0012): the save link the service signs for the caller's own card; following
 * it opens Google's "save" page (on Android the Wallet app).
 */
export function useGoogleSaveLink() {
  return useMutation({
    mutationFn: async ({ cardId }: { cardId: string }) => {
      const { saveUrl } = await api.call(createGooglePass, { params: { id: cardId, x: 'link' } });
      window.location.assign(saveUrl);
      return saveUrl;
    },
  });
}
