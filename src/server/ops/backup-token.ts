// The token `npm run backup` shows the running server on the embedded database (ops/backup-service.ts): a file in
// DATA_DIR, never part of a backup (ops/backup.ts).
export const BACKUP_TOKEN_FILE = 'backup.token';
