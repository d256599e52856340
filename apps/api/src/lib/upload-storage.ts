import type { Config } from '../config';
import { S3Storage } from './s3-storage';
import { localUploads, type Storage } from './storage';

/** The configured home of uploads: the S3 bucket when S3_* is set, DATA_DIR/uploads otherwise. */
export const uploadStorage = (config: Config): Storage =>
  config.s3 ? new S3Storage(config.s3) : localUploads(config.dataDir);
