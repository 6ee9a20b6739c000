import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/**
 * QR decoding for the scanner, loaded lazily (dynamic import) so the rest of the panel never pays for it.
 * The browser's BarcodeDetector is used when it reads QR codes; otherwise the bundled zxing-wasm decoder,
 * whose .wasm file comes from our own bundle (never a CDN).
 */

prepareZXingModule({
  overrides: {
    locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
  },
});

type DetectedBarcode = { rawValue: string };
type BarcodeDetectorInstance = { detect: (source: ImageBitmapSource) => Promise<DetectedBarcode[]> };
type BarcodeDetectorClass = {
  new (options: { formats: string[] }): BarcodeDetectorInstance;
  getSupportedFormats: () => Promise<string[]>;
};

let nativeDetector: Promise<BarcodeDetectorInstance | null> | undefined;

/** The native detector when this browser has one that reads QR codes, else null. */
function native(): Promise<BarcodeDetectorInstance | null> {
  nativeDetector ??= (async () => {
    const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
    if (!Detector) return null;
    try {
      const formats = await Detector.getSupportedFormats();
      return formats.includes('qr_code') ? new Detector({ formats: ['qr_code'] }) : null;
    } catch {
      return null;
    }
  })();
  return nativeDetector;
}

const readerOptions = { formats: ['QRCode' as const], tryHarder: true, maxNumberOfSymbols: 1 };

/** Decodes the first QR code of an image file (a photo or a screenshot); null when there is none. */
export async function decodeQrFromFile(file: Blob): Promise<string | null> {
  const detector = await native();
  if (detector) {
    try {
      const bitmap = await createImageBitmap(file);
      const found = await detector.detect(bitmap);
      bitmap.close();
      if (found[0]?.rawValue) return found[0].rawValue;
    } catch {
      // fall through to the WebAssembly decoder
    }
  }
  const results = await readBarcodes(file, readerOptions);
  return results.find((r) => r.isValid && r.text)?.text ?? null;
}

/**
 * Decodes one frame of a playing video. `canvas` is reused between frames for the WebAssembly path.
 * Returns null when no QR code is in view.
 */
export async function decodeQrFromVideo(
  video: HTMLVideoElement,
  canvas: HTMLCanvasElement,
): Promise<string | null> {
  if (video.readyState < 2 || video.videoWidth === 0) return null;
  const detector = await native();
  if (detector) {
    const found = await detector.detect(video);
    return found[0]?.rawValue ?? null;
  }
  const scale = Math.min(1, 720 / Math.max(video.videoWidth, video.videoHeight));
  canvas.width = Math.round(video.videoWidth * scale);
  canvas.height = Math.round(video.videoHeight * scale);
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  const results = await readBarcodes(context.getImageData(0, 0, canvas.width, canvas.height), readerOptions);
  return results.find((r) => r.isValid && r.text)?.text ?? null;
}
