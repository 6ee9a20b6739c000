import { Skeleton } from '@mantine/core';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

type CardQrCodeProps = {
  payload: string;
  /** accessible name, e.g. „Kod QR karty 1234 5678 90” */ label: string;
};

/** The card's signed QR payload as an SVG image (rendered locally, nothing fetched); big enough to scan. */
export function CardQrCode({ payload, label }: CardQrCodeProps) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    QRCode.toString(payload, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 })
      .then((svg) => {
        if (current) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch(() => {
        if (current) setSrc(null);
      });
    return () => {
      current = false;
    };
  }, [payload]);

  const size = 'min(240px, 70vw)';
  if (!src) return <Skeleton w={size} h={size} radius="md" />;
  return (
    <img
      src={src}
      alt={label}
      data-qr-payload={payload}
      style={{ width: size, height: size, background: '#fff', borderRadius: 8, display: 'block' }}
    />
  );
}
