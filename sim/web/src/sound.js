// The matrix8 buzzer through WebAudio: a square wave at the frequency measured on D9, on while
// the pin toggles. Browsers allow sound only after a user gesture, so it starts muted and the
// toggle button (a gesture) creates the audio context.

export class Sound {
  constructor(button) {
    this.button = button;
    this.ctx = null;
    this.on = false;
    this.freq = 0;
    button.hidden = false;
    button.addEventListener('click', () => this.toggle());
    this.label();
  }

  label() {
    this.button.textContent = this.on ? 'Sound: on' : 'Sound: off';
    this.button.setAttribute('aria-pressed', String(this.on));
  }

  toggle() {
    this.on = !this.on;
    if (this.on && !this.ctx) {
      const Ctx = window.AudioContext ?? window.webkitAudioContext;
      if (!Ctx) {
        this.on = false;
        this.button.textContent = 'Sound: not available';
        this.button.disabled = true;
        return;
      }
      this.ctx = new Ctx();
      this.osc = this.ctx.createOscillator();
      this.osc.type = 'square';
      this.gain = this.ctx.createGain();
      this.gain.gain.value = 0;
      this.osc.connect(this.gain).connect(this.ctx.destination);
      this.osc.start();
    }
    if (this.ctx) this.ctx.resume?.();
    this.label();
    this.play(this.freq);
  }

  /** The buzzer's frequency this frame (0: silent). */
  play(freq) {
    this.freq = freq;
    if (!this.ctx) return;
    const t = this.ctx.currentTime;
    if (this.on && freq) {
      this.osc.frequency.setValueAtTime(freq, t);
      this.gain.gain.setTargetAtTime(0.05, t, 0.002);
    } else {
      this.gain.gain.setTargetAtTime(0, t, 0.002);
    }
  }
}
