/** Saves a Blob under `fileName` through a temporary link (the browser's download). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // give the browser a moment to start the download before the URL goes away
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
