/**
 * The Node.js the server is built and tested on. The project carries it: the `node` dev dependency puts a
 * Node.js 24 binary in node_modules/.bin, which every npm script runs on after `npm ci`, whatever Node.js the
 * machine has. Someone who runs the compiled server with an older one is told so rather than meeting an
 * error somewhere inside.
 */
export const NODE_MAJOR = 24;

/** Why the server will not run on Node.js `version`, or null when it will. */
export function unsupportedNode(version: string = process.versions.node): string | null {
  const major = Number(version.split('.')[0]);
  if (major >= NODE_MAJOR) return null;
  return (
    `This server runs on Node.js ${NODE_MAJOR} or later, and this is Node.js ${version}. ` +
    `Start it with \`npm start\` after \`npm ci\`: npm then runs it on the Node.js ${NODE_MAJOR} the project carries ` +
    `(node_modules/.bin/node). To run packages/server/dist/main.mjs yourself, use that node or install Node.js ${NODE_MAJOR}.`
  );
}
