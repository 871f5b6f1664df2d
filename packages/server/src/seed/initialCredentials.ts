import fs from 'node:fs';
import path from 'node:path';

export const CREDENTIALS_FILE = 'initial-credentials.txt';

/**
 * Generated passwords are shown once on the console and kept in a file only the owner can read,
 * so an operator who missed the console can still sign in the first time.
 */
export function recordGeneratedPassword(dataDir: string, username: string, password: string): void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, CREDENTIALS_FILE);
  fs.appendFileSync(file, `${username}\t${password}\n`, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  process.stdout.write(
    `\n  Generated password for "${username}": ${password}\n  (also written to ${file}; change it after signing in)\n\n`,
  );
}
