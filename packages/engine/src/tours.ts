import type { GuidedTour, GuidedTourPoint, Vec3 } from '@atrium/shared';
import type { EngineEvents, TourState } from './core/types.ts';

/** What the tour player needs from the engine; keeps tours testable without WebGL. */
export interface TourHost {
  tours(): readonly GuidedTour[];
  /** Moves the viewer to a point; resolves when the camera arrives. */
  travelTo(position: Vec3, rotation: Vec3): Promise<void>;
  emit<K extends 'tourProgress' | 'tourEnded'>(name: K, payload: EngineEvents[K]): void;
  setTour(state: TourState | null): void;
  playAudio?(uri: string | undefined): void;
}

export function orderedPoints(tour: GuidedTour): GuidedTourPoint[] {
  return [...tour.points].sort((a, b) => a.order - b.order);
}

/** Guided tours ("Paths"): step through points in `order`, moving the camera to each. */
export class TourPlayer {
  #host: TourHost;
  #tour: GuidedTour | null = null;
  #points: GuidedTourPoint[] = [];
  #index = -1;

  constructor(host: TourHost) {
    this.#host = host;
  }

  list(): readonly GuidedTour[] {
    return this.#host.tours();
  }

  get current(): TourState | null {
    return this.#tour ? { tourId: this.#tour.id, index: this.#index, count: this.#points.length, playing: true } : null;
  }

  async play(tourId: string, startIndex = 0): Promise<void> {
    const tour = this.#host.tours().find((t) => t.id === tourId);
    if (!tour) throw new Error(`No guided tour with id ${tourId}`);
    this.#tour = tour;
    this.#points = orderedPoints(tour);
    if (!this.#points.length) { this.stop(); return; }
    await this.goTo(startIndex);
  }

  async next(): Promise<void> {
    if (!this.#tour) return;
    if (this.#index + 1 >= this.#points.length) { this.stop(); return; }
    await this.goTo(this.#index + 1);
  }

  async previous(): Promise<void> {
    if (!this.#tour || this.#index <= 0) return;
    await this.goTo(this.#index - 1);
  }

  async goTo(index: number): Promise<void> {
    const tour = this.#tour;
    const point = this.#points[index];
    if (!tour || !point) return;
    this.#index = index;
    this.#host.setTour(this.current);
    this.#host.emit('tourProgress', {
      tourId: tour.id, index, count: this.#points.length, pointId: point.id,
      title: point.title, description: point.description, ...(point.audioUri ? { audioUri: point.audioUri } : {}),
    });
    this.#host.playAudio?.(point.audioUri);
    await this.#host.travelTo(point.position, point.rotation);
  }

  stop(): void {
    const tour = this.#tour;
    this.#tour = null;
    this.#points = [];
    this.#index = -1;
    this.#host.playAudio?.(undefined);
    this.#host.setTour(null);
    if (tour) this.#host.emit('tourEnded', { tourId: tour.id });
  }
}
