import fs from 'node:fs';
import path from 'node:path';

const PUBLIC_DIR = path.resolve(import.meta.dirname, '../src/public');
/** The light components every public page is drawn with (src/public/ui, the shell, the language switch). */
const KIT_MODULE = /src[\\/]public[\\/](ui[\\/]|shell[\\/]|language\.ts)/;
const ICON_IMPORT = /@ant-design\/icons-svg\/es\/asn\/(\w+)/g;
const ICON_MODULE = /@ant-design[\\/]icons-svg[\\/]es[\\/]asn[\\/](\w+)\.js$/;

/** Names of the icons the public pages import (their sources say so), e.g. GlobalOutlined. */
function publicIcons(dir: string = PUBLIC_DIR): Set<string> {
  const names = new Set<string>();
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name)) continue;
    const source = fs.readFileSync(path.join(entry.parentPath, entry.name), 'utf8');
    for (const match of source.matchAll(ICON_IMPORT)) names.add(match[1]!);
  }
  return names;
}

/**
 * One chunk for the public kit and the icons it draws. The consumer entry, the login page and the portal's
 * public pages all use them, and so do many portal screens through antd's icons (the same icon modules):
 * left to themselves these small modules scatter over a dozen chunks of a few hundred bytes, one request
 * and one compression window each, which made the consumer page heavier than the kit itself.
 */
export function publicKitGroup() {
  const icons = publicIcons();
  return {
    name: 'public-kit',
    test: (id: string) => KIT_MODULE.test(id) || icons.has(ICON_MODULE.exec(id)?.[1] ?? ''),
    priority: 20,
  };
}
