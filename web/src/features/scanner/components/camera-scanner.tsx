import { Alert, Box, Button, FileButton, SimpleGrid, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';

const loadDecoder = () => import('../decoder/qr-decoder');

type CameraState =
  { status: 'off' } | { status: 'starting' } | { status: 'scanning' } | { status: 'error'; message: string };

/** Polish reason of a getUserMedia failure. */
function cameraErrorMessage(error: unknown): string {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError')
    return 'Brak dostępu do aparatu. Zezwól na użycie aparatu w ustawieniach przeglądarki albo wpisz numer karty, telefon, e-mail lub nazwisko klienta poniżej.';
  if (name === 'NotFoundError' || name === 'OverconstrainedError')
    return 'Nie znaleziono aparatu w tym urządzeniu. Wczytaj zdjęcie kodu albo wpisz numer karty poniżej.';
  if (name === 'NotReadableError')
    return 'Aparat jest używany przez inną aplikację. Zamknij ją i spróbuj ponownie albo wpisz numer karty poniżej.';
  return 'Nie udało się włączyć aparatu. Wczytaj zdjęcie kodu albo wpisz numer karty poniżej.';
}

/**
 * The camera (rear camera preferred) scanning for a QR code, and "Wczytaj zdjęcie kodu" for an image file.
 * The decoder is loaded on first use. `onCode` gets the decoded text; the camera stops after a hit.
 */
export function CameraScanner({ onCode, busy }: { onCode: (text: string) => void; busy: boolean }) {
  const [state, setState] = useState<CameraState>({ status: 'off' });
  const [fileError, setFileError] = useState<string | null>(null);
  const [decodingFile, setDecodingFile] = useState(false);
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const resetFile = useRef<() => void>(null);
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;

  // bumped by every start/stop: a camera that opens after "Wyłącz aparat" was pressed is closed at once
  const attempt = useRef(0);

  const stop = () => {
    attempt.current += 1;
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
    setState({ status: 'off' });
  };

  const start = async () => {
    setFileError(null);
    if (!navigator.mediaDevices?.getUserMedia) {
      setState({
        status: 'error',
        message:
          'Ta przeglądarka nie udostępnia aparatu (potrzebne jest połączenie HTTPS). Wczytaj zdjęcie kodu albo wpisz numer karty poniżej.',
      });
      return;
    }
    setState({ status: 'starting' });
    const mine = ++attempt.current;
    try {
      const [stream] = await Promise.all([
        navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' } },
          audio: false,
        }),
        loadDecoder(),
      ]);
      if (mine !== attempt.current) {
        stream.getTracks().forEach((track) => track.stop());
        return;
      }
      streamRef.current = stream;
      setState({ status: 'scanning' });
    } catch (error) {
      if (mine !== attempt.current) return;
      setState({ status: 'error', message: cameraErrorMessage(error) });
    }
  };

  // attach the stream and scan frames until a code is found or the camera is switched off
  useEffect(() => {
    if (state.status !== 'scanning') return;
    const video = videoRef.current;
    const stream = streamRef.current;
    if (!video || !stream) return;
    video.srcObject = stream;
    void video.play().catch(() => undefined);
    const canvas = document.createElement('canvas');
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      if (stopped) return;
      try {
        const { decodeQrFromVideo } = await loadDecoder();
        const text = await decodeQrFromVideo(video, canvas);
        if (text && !stopped) {
          stopped = true;
          streamRef.current?.getTracks().forEach((track) => track.stop());
          streamRef.current = null;
          setState({ status: 'off' });
          onCodeRef.current(text);
          return;
        }
      } catch {
        // a frame that cannot be read: try the next one
      }
      timer = setTimeout(() => void tick(), 250);
    };
    void tick();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [state.status]);

  // the camera is released when the scanner leaves the screen
  useEffect(
    () => () => {
      attempt.current += 1;
      streamRef.current?.getTracks().forEach((track) => track.stop());
      streamRef.current = null;
    },
    [],
  );

  const decodeFile = async (file: File | null) => {
    if (!file) return;
    setFileError(null);
    setDecodingFile(true);
    try {
      const { decodeQrFromFile } = await loadDecoder();
      const text = await decodeQrFromFile(file);
      if (text) onCodeRef.current(text);
      else setFileError('Nie znaleziono kodu QR na tym zdjęciu. Spróbuj wyraźniejszego zdjęcia.');
    } catch {
      setFileError('Nie udało się odczytać tego pliku. Wybierz zdjęcie (JPG lub PNG) z kodem QR.');
    } finally {
      setDecodingFile(false);
      resetFile.current?.();
    }
  };

  return (
    <Stack gap="sm">
      {state.status === 'scanning' || state.status === 'starting' ? (
        <Box
          pos="relative"
          style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden', background: '#000' }}
        >
          <video
            ref={videoRef}
            muted
            playsInline
            aria-label="Podgląd z aparatu"
            style={{ width: '100%', maxHeight: '60vh', display: 'block', objectFit: 'cover' }}
          />
        </Box>
      ) : null}
      {state.status === 'error' ? (
        <Alert color="orange" variant="light" title="Aparat niedostępny" role="alert">
          {state.message}
        </Alert>
      ) : null}
      {fileError ? (
        <Alert color="red" variant="light" role="alert">
          {fileError}
        </Alert>
      ) : null}
      {state.status === 'scanning' ? (
        <Text size="sm" c="dimmed" ta="center">
          Skieruj aparat na kod QR z karty klienta.
        </Text>
      ) : null}
      {/* one under the other on a phone: side by side, "Wczytaj zdjęcie kodu" did not fit a 390 px screen */}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        {state.status === 'scanning' || state.status === 'starting' ? (
          <Button variant="default" onClick={stop}>
            Wyłącz aparat
          </Button>
        ) : (
          <Button size="md" onClick={() => void start()} disabled={busy}>
            Skanuj kod QR
          </Button>
        )}
        <FileButton
          resetRef={resetFile}
          onChange={(file) => void decodeFile(file)}
          accept="image/*"
          inputProps={{ 'aria-label': 'Zdjęcie kodu QR' }}
        >
          {(props) => (
            <Button {...props} size="md" variant="light" loading={decodingFile} disabled={busy}>
              Wczytaj zdjęcie kodu
            </Button>
          )}
        </FileButton>
      </SimpleGrid>
    </Stack>
  );
}
