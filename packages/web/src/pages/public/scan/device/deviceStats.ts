/** Figures of the device check, kept apart from the screens so they can be tested on their own. */

export interface LatencySummary {
  min: number;
  median: number;
  max: number;
}

/** min / median / max of the answered pings (ms, rounded); null when none answered. */
export function summariseLatency(samples: readonly number[]): LatencySummary | null {
  if (samples.length === 0) return null;
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  const median = sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return { min: Math.round(sorted[0]!), median: Math.round(median), max: Math.round(sorted[sorted.length - 1]!) };
}

export interface KeyStroke {
  key: string;
  /** performance.now() when the key went down. */
  at: number;
}

export interface WedgeSummary {
  /** The characters typed before the terminating Enter (or so far). */
  text: string;
  /** Gaps between consecutive keys, Enter included (ms). */
  gaps: number[];
  averageGap: number;
  longestGap: number;
  terminated: boolean;
  /**
   * Scanners send a whole code within a few ms per key; a person needs 80 ms or more. Above this
   * average gap the input was most likely typed by hand (or the scanner is set to a slow rate).
   */
  looksHuman: boolean;
}

/** Above this average gap between keys the input looks typed by a person. */
export const HUMAN_GAP_MS = 50;

/** Reads the keystrokes of one scan: printable characters, the gaps between them, the final Enter. */
export function summariseWedge(strokes: readonly KeyStroke[]): WedgeSummary {
  const enterAt = strokes.findIndex((s) => s.key === 'Enter');
  const used = enterAt === -1 ? strokes : strokes.slice(0, enterAt + 1);
  const text = used
    .filter((s) => s.key.length === 1)
    .map((s) => s.key)
    .join('');
  const gaps = used.slice(1).map((s, i) => s.at - used[i]!.at);
  const averageGap = gaps.length ? gaps.reduce((sum, gap) => sum + gap, 0) / gaps.length : 0;
  const longestGap = gaps.length ? Math.max(...gaps) : 0;
  return {
    text,
    gaps,
    averageGap: Math.round(averageGap * 10) / 10,
    longestGap: Math.round(longestGap * 10) / 10,
    terminated: enterAt !== -1,
    looksHuman: gaps.length > 0 && averageGap > HUMAN_GAP_MS,
  };
}
