/**
 * An exponentially decaying counter (airlift's DecayCounter, protocol reference §6.1): every
 * event's weight falls by e^(−α·age), with α = 1/60 per second for the one-minute counters of
 * the node records, so a count of 1000 reads about 367.9 a minute later. Time is read from an
 * injectable monotonic clock and truncated to whole seconds, as airlift does; the count is kept
 * relative to a landmark that moves forward every 50 s so the stored value never overflows.
 */

/** Milliseconds from a monotonic source; tests pass a hand-driven clock. */
export type MonotonicClock = () => number;

export const systemMonotonicClock: MonotonicClock = () => performance.now();

/** α for a decay whose weight falls to 1/e after `seconds`. */
export function decayAlphaForSeconds(seconds: number): number {
  return 1 / seconds;
}

export const ONE_MINUTE_ALPHA = decayAlphaForSeconds(60);

const LANDMARK_RESCALE_SECONDS = 50;

export class DecayCounter {
  private count = 0;
  private landmarkSeconds: number;

  constructor(
    private readonly alpha: number = ONE_MINUTE_ALPHA,
    private readonly clock: MonotonicClock = systemMonotonicClock,
  ) {
    this.landmarkSeconds = this.nowSeconds();
  }

  add(value: number): void {
    const now = this.nowSeconds();
    if (now - this.landmarkSeconds >= LANDMARK_RESCALE_SECONDS) {
      this.count /= Math.exp(this.alpha * (now - this.landmarkSeconds));
      this.landmarkSeconds = now;
    }
    this.count += value * Math.exp(this.alpha * (now - this.landmarkSeconds));
  }

  /** The decayed sum of everything added: Σ vᵢ·e^(−α·ageᵢ). */
  getCount(): number {
    return this.count / Math.exp(this.alpha * (this.nowSeconds() - this.landmarkSeconds));
  }

  /** Events per second over the counter's effective window 1/α. */
  getRate(): number {
    return this.getCount() * this.alpha;
  }

  private nowSeconds(): number {
    return Math.floor(this.clock() / 1000);
  }
}
