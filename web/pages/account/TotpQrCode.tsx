import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';

const QR_SIZE_PX = 192;

/** The otpauth:// address as a QR code for an authenticator app to scan (drawn here, never sent anywhere). */
export function TotpQrCode({ uri }: { uri: string }) {
  const { t } = useLingui();
  const image = useQuery({
    queryKey: ['totp-qr-code', uri],
    queryFn: async () => {
      // loaded only by people who turn two-factor authentication on
      const { default: QRCode } = await import('qrcode');
      return QRCode.toDataURL(uri, { width: QR_SIZE_PX, margin: 1, errorCorrectionLevel: 'M' });
    },
    staleTime: Infinity,
    // the address carries the secret: keep it no longer than the screen that shows it
    gcTime: 0,
  });
  if (!image.data) {
    return <div aria-hidden className="size-48 shrink-0 rounded-lg bg-slate-100 motion-safe:animate-pulse" />;
  }
  return (
    <img
      src={image.data}
      width={QR_SIZE_PX}
      height={QR_SIZE_PX}
      alt={t`QR code to scan with your authenticator app`}
      className="size-48 shrink-0 rounded-lg border border-slate-200"
    />
  );
}
