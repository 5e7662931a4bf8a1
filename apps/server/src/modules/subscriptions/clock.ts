/** Where "now" comes from for plans and their renewals, so tests can move time forward. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

/** A clock tests set and advance by hand. */
export class ManualClock implements Clock {
  private t: number;
  constructor(start: Date = new Date()) {
    this.t = start.getTime();
  }
  now() {
    return new Date(this.t);
  }
  advance(ms: number) {
    this.t += ms;
  }
}

/**
 * The system time moved forward by hand: the clock of a server started with TEST_CLOCK=true (browser
 * tests advance it over HTTP to see trials and plans run out). Never the clock of a real server.
 */
export class OffsetClock implements Clock {
  private offsetMs = 0;
  now() {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(ms: number) {
    this.offsetMs += ms;
  }
}
