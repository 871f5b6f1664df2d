import { useEffect, useRef, useState, type RefObject } from 'react';
import type { FrameDecoder } from './frameDecoder';

/** About six frames a second: quick enough to feel instant, light enough for a cheap phone. */
const FRAME_INTERVAL_MS = 160;

/** The camera keeps seeing the label it just read; the same text again within this time is ignored. */
const REPEAT_QUIET_MS = 2000;

export type CameraProblem = '' | 'unsupported' | 'denied' | 'failed';

/**
 * While `active`, shows the rear camera in `videoRef` and reads codes from its frames, calling `onText`
 * with each new text. The camera is stopped (every track) when `active` turns false or on unmount, so the
 * phone's camera light goes off as soon as the scanner leaves the screen.
 */
export function useCameraScan(
  active: boolean,
  videoRef: RefObject<HTMLVideoElement | null>,
  onText: (text: string) => void,
): CameraProblem {
  const [problem, setProblem] = useState<CameraProblem>('');
  const onTextRef = useRef(onText);
  useEffect(() => {
    onTextRef.current = onText;
  }, [onText]);

  useEffect(() => {
    if (!active) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last = { text: '', at: 0 };
    let video: HTMLVideoElement | null = null;

    const loop = async (decode: FrameDecoder) => {
      if (stopped || !video) return;
      try {
        const text = await decode(video);
        const now = Date.now();
        if (text && !(text === last.text && now - last.at < REPEAT_QUIET_MS)) onTextRef.current(text);
        if (text) last = { text, at: now };
      } catch {
        // A frame that cannot be read (camera still warming up) is skipped.
      }
      if (!stopped) timer = setTimeout(() => void loop(decode), FRAME_INTERVAL_MS);
    };

    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setProblem('unsupported');
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      } catch (error) {
        setProblem(error instanceof DOMException && error.name === 'NotAllowedError' ? 'denied' : 'failed');
        return;
      }
      if (stopped) {
        stream.getTracks().forEach((track) => track.stop());
        return;
      }
      setProblem('');
      video = videoRef.current;
      if (!video) return;
      video.srcObject = stream;
      await video.play().catch(() => undefined);
      // The decoder (jsQR for browsers without BarcodeDetector) is fetched only now that the camera is on.
      const { createFrameDecoder } = await import('./frameDecoder');
      if (!stopped) void loop(await createFrameDecoder());
    };
    void start();

    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
      if (video) video.srcObject = null;
    };
  }, [active, videoRef]);

  return active ? problem : '';
}
