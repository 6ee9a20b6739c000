import { Box, Button, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { UploadLimits, type TenantImage } from '@punkto/contracts/tenant';
import { useId, useRef, useState } from 'react';
import { ValidationApiError, errorMessage } from '../../../../lib/api/api-errors';
import { notify } from '../../../../lib/notify-instance';
import { useDeleteHeroImage, useUploadTenantImage } from '../api/tenant-images';
import { checkImageFile, imageField, imageUrl, type TenantImageKind } from '../utils/image-checks';

const copy: Record<
  TenantImageKind,
  { title: string; hint: string; choose: string; replace: string; saved: string; alt: string }
> = {
  logo: {
    title: 'Logo',
    hint: `PNG, JPEG lub WebP do 5 MB, co najmniej ${UploadLimits.minLogo.width}×${UploadLimits.minLogo.height} px. Najlepiej poziome, na przezroczystym tle.`,
    choose: 'Wgraj logo',
    replace: 'Zmień logo',
    saved: 'Logo zostało zapisane.',
    alt: 'Obecne logo firmy',
  },
  hero: {
    title: 'Zdjęcie w tle karty',
    hint: `PNG, JPEG lub WebP do 5 MB, co najmniej ${UploadLimits.minHero.width}×${UploadLimits.minHero.height} px (szeroki kadr).`,
    choose: 'Wgraj zdjęcie',
    replace: 'Zmień zdjęcie',
    saved: 'Zdjęcie w tle zostało zapisane.',
    alt: 'Obecne zdjęcie w tle karty',
  },
};

/** The server's message for an upload: the `Logo`/`HeroImage` errors of a 400, else the SPEC §8 text. */
function uploadErrorOf(error: unknown, kind: TenantImageKind): string {
  if (error instanceof ValidationApiError) {
    const messages = error.errors[imageField[kind]] ?? Object.values(error.errors).flat();
    if (messages.length > 0) return messages.join(' ');
  }
  return errorMessage(error);
}

/**
 * Choosing a file uploads it at once (after the client-side type/size pre-check); errors are shown under the
 * control in Polish and read out by screen readers. The hero image can also be removed.
 */
export function ImageUpload({
  tenantId,
  kind,
  image,
}: {
  tenantId: string;
  kind: TenantImageKind;
  image: TenantImage | null;
}) {
  const text = copy[kind];
  const upload = useUploadTenantImage(tenantId, kind);
  const remove = useDeleteHeroImage(tenantId);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const titleId = useId();
  const resetRef = useRef<() => void>(null);

  const onFile = async (file: File | null) => {
    if (!file) return;
    resetRef.current?.(); // choosing the same file again fires again
    setError(null);
    const problem = checkImageFile(file);
    if (problem) {
      setError(problem);
      return;
    }
    try {
      await upload.mutateAsync(file);
      notify.success(text.saved);
    } catch (e) {
      setError(uploadErrorOf(e, kind));
    }
  };

  const onRemove = async () => {
    setError(null);
    try {
      await remove.mutateAsync();
      notify.success('Zdjęcie w tle zostało usunięte.');
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  const current = imageUrl(image, kind === 'logo' ? ['logo@2x', 'logo'] : ['strip@2x', 'strip']);

  return (
    <Stack gap={6} role="group" aria-labelledby={titleId}>
      <Text fw={600} size="sm" id={titleId}>
        {text.title}
      </Text>
      <Group gap="md" align="center" wrap="wrap">
        <Box
          w={kind === 'logo' ? 120 : 180}
          h={60}
          bg="gray.1"
          style={{ borderRadius: 8, display: 'grid', placeItems: 'center', overflow: 'hidden' }}
        >
          {current ? (
            <Image src={current} alt={text.alt} h={60} w="100%" fit={kind === 'logo' ? 'contain' : 'cover'} />
          ) : (
            <Text size="xs" c="dimmed">
              Brak
            </Text>
          )}
        </Box>
        <Group gap="xs">
          <FileButton
            resetRef={resetRef}
            onChange={(file) => void onFile(file)}
            accept={UploadLimits.acceptedTypes.join(',')}
          >
            {(props) => (
              <Button
                {...props}
                variant="default"
                loading={upload.isPending}
                aria-describedby={error ? errorId : undefined}
              >
                {image ? text.replace : text.choose}
              </Button>
            )}
          </FileButton>
          {kind === 'hero' && image ? (
            <Button variant="subtle" color="red" onClick={() => void onRemove()} loading={remove.isPending}>
              Usuń zdjęcie
            </Button>
          ) : null}
        </Group>
      </Group>
      <Text size="xs" c="dimmed">
        {text.hint}
      </Text>
      {error ? (
        <Text size="sm" c="red.9" role="alert" id={errorId}>
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
