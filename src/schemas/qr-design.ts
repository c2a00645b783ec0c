import { z } from 'zod';
import { VALIDATION_MESSAGES as M } from '../messages.ts';
import { QR_EYE_STYLES, QR_LOGO_SCALE_MIN, QR_MODULE_STYLES } from '../qr-design.ts';
import { baseVersion } from './edit-version.ts';
import { colour, photoPath } from './vcard.ts';

// The QR studio's form and the qrStudio.* procedures. Whether a design scans is the
// server's check (server/qr-studio/scannability.ts), after these shapes.

export const QrDesignSchema = z.object({
  foreground: colour,
  background: colour,
  moduleStyle: z.enum(QR_MODULE_STYLES, M.invalid),
  eyeStyle: z.enum(QR_EYE_STYLES, M.invalid),
  /** an image this user uploaded (checked by the server), or null */
  logo: photoPath,
  // more than QR_LOGO_SCALE_MAX is the scan check's refusal (qr_logo_too_large, with its reason); a logo
  // larger than the code itself is no design at all
  logoScale: z.number(M.invalid).min(QR_LOGO_SCALE_MIN, M.invalid).max(1, M.invalid),
});

/** Save the design of one QR code (a link of kind qr, a vCard's own included), edited from `baseVersion`. */
export const SaveQrDesignSchema = z.object({ id: z.uuid(), design: QrDesignSchema, baseVersion });
export type SaveQrDesignInput = z.output<typeof SaveQrDesignSchema>;

/** Back to the plain code, from the version the studio showed. */
export const ResetQrDesignSchema = z.object({ id: z.uuid(), baseVersion });
export type ResetQrDesignInput = z.output<typeof ResetQrDesignSchema>;

/** The downloads' formats and PNG sizes (a square of `size` px). */
export const QR_DOWNLOAD_FORMATS = ['png', 'svg', 'pdf'] as const;
export type QrDownloadFormat = (typeof QR_DOWNLOAD_FORMATS)[number];
export const QR_PNG_SIZES = [512, 1024, 2048] as const;
export const QR_PNG_DEFAULT_SIZE = 1024;
