import crypto from 'node:crypto';
import { loadKeyEncryptionKeys } from './secret-box.ts';

/**
 * The key that signs short-lived file links (KYB documents, pass files and template images): FILE_LINK_SECRET, else
 * one derived from the key-encryption key, so links outlive a restart and every process sharing that key agrees.
 */
export function fileLinkKey(config: {
  FILE_LINK_SECRET?: string;
  KEY_ENCRYPTION_KEY?: string;
  KEY_ENCRYPTION_KEY_PREVIOUS?: string;
  DATA_DIR?: string;
}): Buffer {
  if (config.FILE_LINK_SECRET) return Buffer.from(config.FILE_LINK_SECRET);
  return crypto.createHmac('sha256', loadKeyEncryptionKeys(config).current).update('rampart-passes:download-links').digest();
}
