// npm run media:to-s3 [-- --remove-local]: copies the photos of MEDIA_DIR (DATA_DIR/media by default) to
// the S3-compatible bucket of S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, skipping those already
// there, and checks that the bucket lists each one; --remove-local then removes from the folder every
// photo the bucket holds. Safe while servers run: run it, restart the servers with the S3 settings, run it
// again with --remove-local for photos uploaded meanwhile (docs/deploy.md, "A plain server").
import { createLocalStorage } from '../server/media/storage.ts';
import { createS3Storage } from '../server/media/s3-storage.ts';
import { movePhotosToBucket } from '../server/media/move-to-s3.ts';
import { parseConfig } from '../server/config.ts';

const args = process.argv.slice(2);
if (args.some((arg) => arg !== '--remove-local')) {
  console.error('usage: npm run media:to-s3 [-- --remove-local]');
  process.exit(2);
}
try {
  const config = parseConfig(process.env);
  if (!config.s3) {
    throw new Error(
      'no bucket to move the photos to: set S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (and S3_ENDPOINT for a provider other than AWS)',
    );
  }
  const bucket = `bucket ${config.s3.bucket}${config.s3.endpoint ? ` at ${config.s3.endpoint}` : ''}`;
  console.log(`Moving the photos of ${config.mediaDir} to the ${bucket}…`);
  const moved = await movePhotosToBucket(createLocalStorage(config.mediaDir), createS3Storage(config.s3), {
    removeLocal: args.includes('--remove-local'),
    progress: (done, total) => console.log(`  copied ${done} of ${total}`),
  });
  console.log(
    `${moved.local} photos in ${config.mediaDir}: ${moved.copied} copied, ${moved.alreadyThere} in the bucket already.`,
  );
  if (args.includes('--remove-local')) {
    console.log(`Removed ${moved.removed} from ${config.mediaDir}: each is in the ${bucket}.`);
  } else {
    console.log('Every one is in the bucket. Nothing was removed from the folder (--remove-local does).');
  }
} catch (error) {
  const cause = (error as Error).cause as Error | undefined;
  console.error(`media:to-s3: ${(error as Error).message}${cause?.message ? `: ${cause.message}` : ''}`);
  process.exit(1);
}
