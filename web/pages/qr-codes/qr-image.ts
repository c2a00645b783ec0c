import { qrDownloadName } from '#src/schemas/link.ts';
import { QR_PNG_DEFAULT_SIZE, type QrDownloadFormat } from '#src/schemas/qr-design.ts';
import { serverPaths } from '#src/routes.ts';
import { saveFile } from '../../lib/save-file.ts';

/** The grid's image size in px (spec section 2). */
export const QR_CARD_SIZE_PX = 150;

/**
 * Saves a QR code as a file named after its title: drawn by the server in the code's design
 * (server/qr-studio), so the file is the image the dashboard shows. PNG at `size` px, SVG and PDF vector.
 */
export async function downloadQrCode(
  qrCode: { id: string; title: string },
  format: QrDownloadFormat,
  size: number = QR_PNG_DEFAULT_SIZE,
): Promise<void> {
  const query = format === 'png' ? `?size=${size}` : '';
  const response = await fetch(`${serverPaths.qrDownloads}/${qrCode.id}/${format}${query}`, {
    credentials: 'same-origin',
  });
  if (!response.ok) throw new Error(`the QR code download answered ${response.status}`);
  saveFile(await response.blob(), qrDownloadName(qrCode.title, format));
}
