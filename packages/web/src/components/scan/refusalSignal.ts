/**
 * Tells a worker with a scanner in hand that the label was refused, without their having to look: a double
 * buzz on a phone and a low two-tone beep from the speaker, as a handheld scanner's own "bad read" sounds.
 * The beep is made with Web Audio (no sound file to load). Browsers play sound only once the person has used
 * the page — a scanner's keystrokes count — and where they do not, the screen and the buzz still tell.
 */
let audio: AudioContext | null = null;

/** The two falling tones of a refusal: start (s), pitch (Hz). */
const TONES: ReadonlyArray<readonly [number, number]> = [
  [0, 440],
  [0.17, 294],
];

export function signalRefusal(): void {
  navigator.vibrate?.([80, 60, 80]);
  try {
    const Context = window.AudioContext as typeof AudioContext | undefined;
    if (!Context) return;
    audio ??= new Context();
    if (audio.state === 'suspended') void audio.resume().catch(() => undefined);
    const now = audio.currentTime;
    for (const [start, pitch] of TONES) {
      const tone = audio.createOscillator();
      const volume = audio.createGain();
      tone.type = 'square';
      tone.frequency.value = pitch;
      volume.gain.setValueAtTime(0.12, now + start);
      volume.gain.exponentialRampToValueAtTime(0.001, now + start + 0.15);
      tone.connect(volume).connect(audio.destination);
      tone.start(now + start);
      tone.stop(now + start + 0.16);
    }
  } catch {
    // no sound here: the screen and the buzz still tell
  }
}
