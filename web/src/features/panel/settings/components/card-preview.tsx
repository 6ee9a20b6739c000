import { Box, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Branding, TenantImage } from '@punkto/contracts/tenant';
import { imageUrl } from '../utils/image-checks';
import { QrPlaceholder } from './qr-placeholder';

export type CardPreviewProps = {
  companyName: string;
  branding: Branding;
  /** the uploaded images (null = none yet); each wallet shows its own rendition */
  logo: TenantImage | null;
  heroImage: TenantImage | null;
  /** e.g. "PUNKTY" / "120" */
  balanceLabel?: string;
  balanceValue?: string;
};

type WalletCardProps = {
  companyName: string;
  branding: Branding;
  logoUrl: string | null;
  heroUrl: string | null;
  balanceLabel: string;
  balanceValue: string;
};

const CARD_WIDTH = 300;

function Placeholder({ color, label }: { color: string; label: string }) {
  return (
    <Box
      aria-hidden
      px={6}
      style={{
        border: `1px dashed ${color}`,
        borderRadius: 6,
        color,
        fontSize: 10,
        lineHeight: '24px',
        whiteSpace: 'nowrap',
      }}
    >
      {label}
    </Box>
  );
}

/** Apple Wallet store card: logo + name on top, the strip (hero) image with the balance, QR at the bottom. */
function AppleCard({ companyName, branding, logoUrl, heroUrl, balanceLabel, balanceValue }: WalletCardProps) {
  const { backgroundColor, foregroundColor, labelColor } = branding;
  return (
    <Box
      w="100%"
      maw={CARD_WIDTH}
      style={{
        background: backgroundColor,
        color: foregroundColor,
        borderRadius: 14,
        overflow: 'hidden',
        boxShadow: '0 6px 20px rgba(0,0,0,.18)',
        fontFamily: '-apple-system, "SF Pro Text", "Helvetica Neue", Arial, sans-serif',
      }}
      data-testid="apple-card-preview"
    >
      <Group justify="space-between" wrap="nowrap" px={12} pt={10} pb={8} gap={8}>
        <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
          {logoUrl ? (
            <Image
              src={logoUrl}
              alt="Logo firmy — podgląd karty Apple Wallet"
              h={30}
              w="auto"
              maw={110}
              fit="contain"
            />
          ) : (
            <Placeholder color={labelColor} label="logo" />
          )}
          <Text fz={15} fw={600} c={foregroundColor} truncate>
            {companyName}
          </Text>
        </Group>
      </Group>
      <Box
        pos="relative"
        h={98}
        style={{
          backgroundColor,
          backgroundImage: heroUrl ? `url("${heroUrl}")` : undefined,
          backgroundSize: 'cover',
          backgroundPosition: 'center',
        }}
        role={heroUrl ? 'img' : undefined}
        aria-label={heroUrl ? 'Zdjęcie w tle — podgląd karty Apple Wallet' : undefined}
      >
        <Stack gap={0} pos="absolute" left={12} bottom={8}>
          <Text fz={10} fw={600} c={labelColor} style={{ letterSpacing: 0.6 }}>
            {balanceLabel}
          </Text>
          <Text fz={30} fw={300} lh={1.05} c={foregroundColor}>
            {balanceValue}
          </Text>
        </Stack>
      </Box>
      <Group justify="space-between" px={12} py={8}>
        <Stack gap={0}>
          <Text fz={10} fw={600} c={labelColor}>
            KLIENT
          </Text>
          <Text fz={13} c={foregroundColor}>
            Jan Kowalski
          </Text>
        </Stack>
        <Stack gap={0} align="flex-end">
          <Text fz={10} fw={600} c={labelColor}>
            NAGRODA ZA
          </Text>
          <Text fz={13} c={foregroundColor}>
            80 pkt
          </Text>
        </Stack>
      </Group>
      <Stack align="center" gap={4} pb={14} pt={4}>
        <Box p={6} bg="#fff" style={{ borderRadius: 6 }}>
          <QrPlaceholder size={92} />
        </Box>
        <Text fz={10} c={foregroundColor} style={{ opacity: 0.85 }}>
          PKT-1234-5678
        </Text>
      </Stack>
    </Box>
  );
}

/** Google Wallet loyalty card: round logo + name, the balance, QR, and the hero image at the bottom. */
function GoogleCard({
  companyName,
  branding,
  logoUrl,
  heroUrl,
  balanceLabel,
  balanceValue,
}: WalletCardProps) {
  const { backgroundColor, foregroundColor, labelColor } = branding;
  return (
    <Box
      w="100%"
      maw={CARD_WIDTH}
      style={{
        background: backgroundColor,
        color: foregroundColor,
        borderRadius: 20,
        overflow: 'hidden',
        boxShadow: '0 6px 20px rgba(0,0,0,.18)',
        fontFamily: 'Roboto, "Google Sans", Arial, sans-serif',
      }}
      data-testid="google-card-preview"
    >
      <Group gap={10} wrap="nowrap" px={14} pt={14}>
        <Box
          w={36}
          h={36}
          style={{
            borderRadius: '50%',
            overflow: 'hidden',
            background: '#fff',
            flexShrink: 0,
            display: 'grid',
            placeItems: 'center',
          }}
        >
          {logoUrl ? (
            <Image src={logoUrl} alt="Logo firmy — podgląd karty Google Wallet" w={36} h={36} fit="contain" />
          ) : (
            <Text fz={16} fw={700} c={backgroundColor} aria-hidden>
              {companyName.trim().charAt(0).toUpperCase() || 'P'}
            </Text>
          )}
        </Box>
        <Text fz={14} fw={500} c={foregroundColor} truncate>
          {companyName}
        </Text>
      </Group>
      <Text fz={20} fw={500} px={14} pt={10} c={foregroundColor}>
        Karta lojalnościowa
      </Text>
      <Group px={14} pt={6} gap="xl">
        <Stack gap={0}>
          <Text fz={11} c={labelColor}>
            {balanceLabel.charAt(0) + balanceLabel.slice(1).toLowerCase()}
          </Text>
          <Text fz={18} c={foregroundColor}>
            {balanceValue}
          </Text>
        </Stack>
        <Stack gap={0}>
          <Text fz={11} c={labelColor}>
            Klient
          </Text>
          <Text fz={18} c={foregroundColor}>
            Jan K.
          </Text>
        </Stack>
      </Group>
      <Stack align="center" py={14}>
        <Box p={8} bg="#fff" style={{ borderRadius: 10 }}>
          <QrPlaceholder size={100} />
        </Box>
      </Stack>
      {heroUrl ? (
        <Image src={heroUrl} alt="Zdjęcie w tle — podgląd karty Google Wallet" h={96} w="100%" fit="cover" />
      ) : (
        <Box h={40} aria-hidden style={{ borderTop: `1px dashed ${labelColor}`, opacity: 0.6 }} />
      )}
    </Box>
  );
}

/**
 * LIVE preview of the wallet card: the Apple store card and the Google loyalty card side by side on wide
 * screens, one under the other on phones. It follows the form as the person types and picks colours.
 */
export function CardPreview(props: CardPreviewProps) {
  const common = {
    companyName: props.companyName.trim() || 'Twoja firma',
    branding: props.branding,
    balanceLabel: props.balanceLabel ?? 'PUNKTY',
    balanceValue: props.balanceValue ?? '120',
  };
  const apple = {
    ...common,
    logoUrl: imageUrl(props.logo, ['logo@2x', 'logo']),
    heroUrl: imageUrl(props.heroImage, ['strip@2x', 'strip']),
  };
  const google = {
    ...common,
    logoUrl: imageUrl(props.logo, ['google-logo', 'logo@2x']),
    heroUrl: imageUrl(props.heroImage, ['google-hero', 'strip@2x']),
  };
  return (
    <Stack gap="sm" component="section" aria-labelledby="card-preview-title">
      <Title order={2} size="h4" id="card-preview-title">
        Podgląd karty
      </Title>
      <Text size="sm" c="dimmed">
        Tak mniej więcej zobaczą kartę Twoi klienci. Podgląd zmienia się na bieżąco.
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="lg">
        <Stack gap={6} align="center">
          <Text size="xs" fw={600} c="dimmed">
            Apple Wallet
          </Text>
          <AppleCard {...apple} />
        </Stack>
        <Stack gap={6} align="center">
          <Text size="xs" fw={600} c="dimmed">
            Google Wallet
          </Text>
          <GoogleCard {...google} />
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}
