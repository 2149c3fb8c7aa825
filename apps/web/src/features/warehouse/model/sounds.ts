import type { SoundCue } from './acceptance';

/*
 * Audio cues of the acceptance screen (spec §5: already_accepted, different_branch_id,
 * open_box_error, null_list, alert), made as short tones with the Web Audio API: nothing to
 * download, distinct enough to tell apart without looking at the screen.
 */

const TONES: Record<SoundCue, { freq: number; ms: number }[]> = {
  already_accepted: [{ freq: 880, ms: 90 }, { freq: 880, ms: 90 }],
  different_branch_id: [{ freq: 660, ms: 120 }, { freq: 440, ms: 160 }],
  open_box_error: [{ freq: 300, ms: 250 }, { freq: 300, ms: 250 }],
  null_list: [{ freq: 520, ms: 300 }],
  alert: [{ freq: 1200, ms: 100 }, { freq: 900, ms: 100 }, { freq: 1200, ms: 100 }],
};

let context: AudioContext | null = null;

export function playCue(cue: SoundCue): void {
  try {
    const Ctor = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Ctor) return;
    context ??= new Ctor();
    const ctx = context;
    let at = ctx.currentTime;
    for (const tone of TONES[cue]) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = 'square';
      osc.frequency.value = tone.freq;
      gain.gain.value = 0.08;
      osc.connect(gain).connect(ctx.destination);
      osc.start(at);
      osc.stop(at + tone.ms / 1000);
      at += tone.ms / 1000 + 0.04;
    }
  } catch {
    // no audio device: the message on screen still says it
  }
}

/** For the E2E spec and tests: the last cues played, newest last. */
export const playedCues: SoundCue[] = [];
export function cue(c: SoundCue): void {
  playedCues.push(c);
  if (playedCues.length > 50) playedCues.shift();
  (window as unknown as { __warehouseCues?: SoundCue[] }).__warehouseCues = playedCues;
  playCue(c);
}
