import { useEffect, useState } from 'react';
import { SCAN_SHAPES_PATH, type CodeShape } from '@rd/contract/consumer';
import { apiGet } from '../api';

/**
 * Whether a typed text is a typing mistake: it fits the shape of codes in use (prefix, length, alphabet) and
 * fails the check character of every one. The manual entry says so before anything is sent. Only a help: the
 * server reads what is sent the same way and decides, so while this is not here (not yet, or its call failed)
 * the page simply sends.
 */
export type TypingCheck = (typed: string) => boolean;

/**
 * The shapes (GET codeShapes) and the code that reads a text in them (typedReading.ts), fetched side by side
 * when the manual entry opens. Asked for once per visit; a failed ask is forgotten, so the next opening of
 * the page asks again (nothing is retried by itself).
 */
let asked: Promise<TypingCheck> | null = null;

export function loadTypingCheck(): Promise<TypingCheck> {
  if (!asked) {
    const call = Promise.all([apiGet<{ shapes?: unknown } | null>(SCAN_SHAPES_PATH), import('./typedReading')]).then(([data, { readTypedCode }]) => {
      const shapes = usableShapes(data?.shapes);
      return (typed: string) => {
        if (shapes.length === 0) return false;
        try {
          return readTypedCode(shapes, typed).kind === 'CHECK_FAILED';
        } catch {
          // Should reading throw after all, the page says nothing rather than something wrong.
          return false;
        }
      };
    });
    call.catch(() => {
      if (asked === call) asked = null;
    });
    asked = call;
  }
  return asked;
}

/** Forgets what was asked (tests start each case afresh). */
export function forgetTypingCheck(): void {
  asked = null;
}

/**
 * Alphabets and check schemes this page can read. A shape with another one (a server newer than the page) is
 * left out: read with a scheme it does not know, every text of that shape would look mistyped. Records over
 * the contract's types, so a new alphabet or scheme there fails the type check until it is named here.
 */
const KNOWN_ALPHABETS: Record<CodeShape['alphabet'], true> = { DIGITS: true, CROCKFORD32: true, NO_LOOKALIKE: true };
const KNOWN_SCHEMES: Record<CodeShape['checkScheme'], true> = { NONE: true, LUHN: true, DAMM: true, MOD37_36: true };

// Not Object.hasOwn: older in-app browsers (WeChat's, QQ's) open these pages too.
const known = (names: object, name: unknown) => typeof name === 'string' && Object.prototype.hasOwnProperty.call(names, name);

/** The shapes of an answer that this page can read; anything else is left out rather than trusted. */
function usableShapes(shapes: unknown): CodeShape[] {
  if (!Array.isArray(shapes)) return [];
  return shapes.filter((item): item is CodeShape => {
    const shape = item as Partial<CodeShape> | null;
    return (
      typeof shape === 'object' &&
      shape !== null &&
      typeof shape.prefix === 'string' &&
      Number.isInteger(shape.bodyLength) &&
      known(KNOWN_ALPHABETS, shape.alphabet) &&
      known(KNOWN_SCHEMES, shape.checkScheme)
    );
  });
}

/**
 * The typing check for a page, null until it is in (or when it could not be had). Asked for after the page
 * has drawn itself, so nothing on the page waits for it.
 */
export function useTypingCheck(): TypingCheck | null {
  const [check, setCheck] = useState<{ isMistake: TypingCheck } | null>(null);
  useEffect(() => {
    let current = true;
    loadTypingCheck().then(
      (isMistake) => current && setCheck({ isMistake }),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  return check?.isMistake ?? null;
}
