import { Box, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import {
  googleBalanceOf,
  storeCardFields,
  type CardOnPass,
  type PassField,
} from '@punkto/contracts/pass-fields';
import type { Branding, TenantImage } from '@punkto/contracts/tenant';
import { imageUrl } from '../utils/image-checks';
import { QrPlaceholder } from './qr-placeholder';
import { formatPolish } from '@punkto/contracts/polish-number';

export type CardPreviewProps = {
  companyName: string;
  branding: Branding;
  /** the uploaded images (null = none yet); each wallet shows its own rendition */
  logo: TenantImage | null;
  heroImage: TenantImage | null;
};

type WalletCardProps = {
  companyName: string;
  branding: Branding;
  logoUrl: string | null;
  heroUrl: string | null;
  /** a sample card laid out by the same function as the real passes */
  card: CardOnPass;
};

/** The sample card of the preview: a points card part-way to its reward. */
export function sampleCard(companyName: string): CardOnPass {
  return {
    kind: 'points',
    points: 120,
    cardNumber: '1234 5678 97',
    programName: 'Program lojalnościowy',
    companyName,
    companyAddress: null,
    terms: null,
    portalUrl: '',
    nextReward: { name: 'Kawa gratis', cost: 150 },
  };
}

function FieldView({
  field,
  colors,
  align = 'left',
  big = false,
}: {
  field: PassField;
  colors: { label: string; value: string };
  align?: 'left' | 'right';
  big?: boolean;
}) {
  return (
    <Stack gap={0} align={align === 'right' ? 'flex-end' : 'flex-start'} style={{ minWidth: 0 }}>
      <Text fz={10} fw={600} c={colors.label} style={{ letterSpacing: 0.6 }} tt="uppercase">
        {field.label}
      </Text>
      <Text fz={big ? 30 : 13} fw={big ? 300 : 400} lh={big ? 1.05 : undefined} c={colors.value} truncate>
        {typeof field.value === 'number' ? formatPolish(field.value) : field.value}
      </Text>
    </Stack>
  );
}

const CARD_WIDTH = 300;

/** A wallet card's face: the company's colours, the wallet's corner radius and font (Apple's or Google's). */
function CardFace({
  branding,
  radius,
  font,
  testId,
  children,
}: {
  branding: WalletCardProps['branding'];
  radius: number;
  font: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Box
      w="100%"
      maw={CARD_WIDTH}
      style={{
        background: branding.backgroundColor,
        color: branding.foregroundColor,
        borderRadius: radius,
        overflow: 'hidden',
        boxShadow: '0 6px 20px rgba(0,0,0,.18)',
        fontFamily: font,
      }}
      data-testid={testId}
    >
      {children}
    </Box>
  );
}

/** the QR block's sizes on each wallet's card */
const APPLE_QR = { size: 92, tile: { padding: 6, radius: 6 }, fz: 10, pt: 4, pb: 14 };
const GOOGLE_QR = { size: 100, tile: { padding: 8, radius: 10 }, fz: 11, pt: 14, pb: 14 };

/** The card's QR code on a white tile with the card number under it (sizes: the wallet's). */
function CardQr({
  cardNumber,
  color,
  size,
  tile,
  fz,
  pt,
  pb,
}: {
  cardNumber: string;
  color: string;
  size: number;
  /** the white tile's padding and corner radius */
  tile: { padding: number; radius: number };
  fz: number;
  pt: number;
  pb: number;
}) {
  return (
    <Stack align="center" gap={4} pt={pt} pb={pb}>
      <Box p={tile.padding} bg="#fff" style={{ borderRadius: tile.radius }}>
        <QrPlaceholder size={size} />
      </Box>
      <Text fz={fz} c={color} style={{ opacity: 0.85 }}>
        {cardNumber}
      </Text>
    </Stack>
  );
}

/**
 * Apple Wallet store card as the pass lays it out: logo and name with the header field (the card number) on
 * top, the primary field over the strip, the secondary and auxiliary fields under it, the QR with the number.
 */
function AppleCard({ companyName, branding, logoUrl, heroUrl, card }: WalletCardProps) {
  const { backgroundColor, foregroundColor, labelColor } = branding;
  const fields = storeCardFields(card);
  const colors = { label: labelColor, value: foregroundColor };
  const rows = [fields.secondaryFields, fields.auxiliaryFields].filter((row) => row.length > 0);
  return (
    <CardFace
      branding={branding}
      radius={14}
      font='-apple-system, "SF Pro Text", "Helvetica Neue", Arial, sans-serif'
      testId="apple-card-preview"
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
          ) : null}
          <Text fz={15} fw={600} c={foregroundColor} truncate>
            {companyName}
          </Text>
        </Group>
        {fields.headerFields.map((field) => (
          <FieldView key={field.key} field={field} colors={colors} align="right" />
        ))}
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
        <Box pos="absolute" left={12} bottom={8}>
          {fields.primaryFields.map((field) => (
            <FieldView key={field.key} field={field} colors={colors} big />
          ))}
        </Box>
      </Box>
      {rows.map((row, i) => (
        <Group key={i} justify="space-between" wrap="nowrap" px={12} py={6} gap={8}>
          {row.map((field, j) => (
            <FieldView
              key={field.key}
              field={field}
              colors={colors}
              align={j === row.length - 1 && j > 0 ? 'right' : 'left'}
            />
          ))}
        </Group>
      ))}
      <CardQr cardNumber={card.cardNumber} color={foregroundColor} {...APPLE_QR} />
    </CardFace>
  );
}

/** Google Wallet loyalty card: round logo + name, the balance, QR, and the hero image at the bottom. */
function GoogleCard({ companyName, branding, logoUrl, heroUrl, card }: WalletCardProps) {
  const { backgroundColor, foregroundColor, labelColor } = branding;
  const { points } = googleBalanceOf(card);
  const balance = 'int' in points.balance ? String(points.balance.int) : points.balance.string;
  return (
    <CardFace
      branding={branding}
      radius={20}
      font='Roboto, "Google Sans", Arial, sans-serif'
      testId="google-card-preview"
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
        {card.programName}
      </Text>
      <Group px={14} pt={6} gap="xl">
        <Stack gap={0}>
          <Text fz={11} c={labelColor}>
            {points.label}
          </Text>
          <Text fz={18} c={foregroundColor}>
            {balance}
          </Text>
        </Stack>
      </Group>
      <CardQr cardNumber={card.cardNumber} color={foregroundColor} {...GOOGLE_QR} />
      {heroUrl ? (
        <Image src={heroUrl} alt="Zdjęcie w tle — podgląd karty Google Wallet" h={96} w="100%" fit="cover" />
      ) : (
        <Box h={40} aria-hidden style={{ borderTop: `1px dashed ${labelColor}`, opacity: 0.6 }} />
      )}
    </CardFace>
  );
}

/**
 * LIVE preview of the wallet card: the Apple store card and the Google loyalty card side by side on wide
 * screens, one under the other on phones. It follows the form as the person types and picks colours.
 */
export function CardPreview(props: CardPreviewProps) {
  const companyName = props.companyName.trim() || 'Twoja firma';
  const common = { companyName, branding: props.branding, card: sampleCard(companyName) };
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
        Tak zobaczą kartę Twoi klienci — tu z przykładowym saldem. Podgląd zmienia się na bieżąco.
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
