import type { GuidedTour, GuidedTourPoint, SceneDocument, Vec3 } from '@atrium/shared';
import { CommandTargetError, type Command } from '../command.ts';

function mapTour(doc: SceneDocument, tourId: string, fn: (t: GuidedTour) => GuidedTour): SceneDocument {
  const i = doc.guidedTours.findIndex((t) => t.id === tourId);
  if (i < 0) throw new CommandTargetError(`tour ${tourId}`);
  const guidedTours = doc.guidedTours.slice();
  guidedTours[i] = fn(guidedTours[i]!);
  return { ...doc, guidedTours };
}

/** Points keep `order` equal to their index, so reordering and removal never leave gaps. */
const renumber = (points: readonly GuidedTourPoint[]) => points.map((p, order) => (p.order === order ? p : { ...p, order }));

export class AddTourCommand implements Command {
  readonly type = 'tour.add';
  readonly scopes = ['tours'] as const;
  readonly tour: GuidedTour;
  constructor(tour: GuidedTour) {
    this.tour = tour;
  }
  execute(doc: SceneDocument): SceneDocument {
    return { ...doc, guidedTours: [...doc.guidedTours, this.tour] };
  }
  undo(doc: SceneDocument): SceneDocument {
    return { ...doc, guidedTours: doc.guidedTours.filter((t) => t.id !== this.tour.id) };
  }
  toJSON() {
    return { type: this.type, tour: this.tour };
  }
}

export class RemoveTourCommand implements Command {
  readonly type = 'tour.remove';
  readonly scopes = ['tours'] as const;
  readonly tourId: string;
  #removed: { tour: GuidedTour; index: number } | null = null;
  constructor(tourId: string) {
    this.tourId = tourId;
  }
  execute(doc: SceneDocument): SceneDocument {
    const index = doc.guidedTours.findIndex((t) => t.id === this.tourId);
    if (index < 0) throw new CommandTargetError(`tour ${this.tourId}`);
    this.#removed = { tour: doc.guidedTours[index]!, index };
    return { ...doc, guidedTours: doc.guidedTours.filter((t) => t.id !== this.tourId) };
  }
  undo(doc: SceneDocument): SceneDocument {
    const guidedTours = doc.guidedTours.slice();
    guidedTours.splice(this.#removed!.index, 0, this.#removed!.tour);
    return { ...doc, guidedTours };
  }
  toJSON() {
    return { type: this.type, tourId: this.tourId, state: this.#removed };
  }
  /** Restores the command as it stood after running, with what it removed or replaced. */
  static fromJSON(json: ReturnType<RemoveTourCommand['toJSON']>): RemoveTourCommand {
    const command = new RemoveTourCommand(json.tourId);
    command.#removed = json.state;
    return command;
  }
}

type TourFields = Partial<Pick<GuidedTour, 'title' | 'description' | 'duration' | 'public'>>;

/** Title, description, duration, public; typing in one field merges into one step. */
export class UpdateTourCommand implements Command {
  readonly type = 'tour.update';
  readonly scopes = ['tours'] as const;
  readonly tourId: string;
  readonly patch: TourFields;
  #before: TourFields | null;
  constructor(tourId: string, patch: TourFields, before: TourFields | null = null) {
    this.tourId = tourId;
    this.patch = patch;
    this.#before = before;
  }
  execute(doc: SceneDocument): SceneDocument {
    return mapTour(doc, this.tourId, (t) => {
      this.#before ??= Object.fromEntries(Object.keys(this.patch).map((k) => [k, t[k as keyof TourFields]])) as TourFields;
      return { ...t, ...this.patch };
    });
  }
  undo(doc: SceneDocument): SceneDocument {
    return mapTour(doc, this.tourId, (t) => ({ ...t, ...this.#before }));
  }
  merge(next: Command): Command | null {
    if (!(next instanceof UpdateTourCommand) || next.tourId !== this.tourId) return null;
    const a = Object.keys(this.patch).sort().join();
    if (a !== Object.keys(next.patch).sort().join()) return null;
    return new UpdateTourCommand(this.tourId, next.patch, this.#before);
  }
  toJSON() {
    return { type: this.type, tourId: this.tourId, patch: this.patch, before: this.#before };
  }
}

/** Adds a point (typically from the current camera) at the end of a tour. */
export class AddTourPointCommand implements Command {
  readonly type = 'tourPoint.add';
  readonly scopes = ['tours'] as const;
  readonly tourId: string;
  readonly point: Omit<GuidedTourPoint, 'order'>;
  constructor(tourId: string, point: Omit<GuidedTourPoint, 'order'>) {
    this.tourId = tourId;
    this.point = point;
  }
  execute(doc: SceneDocument): SceneDocument {
    return mapTour(doc, this.tourId, (t) => ({ ...t, points: [...t.points, { ...this.point, order: t.points.length }] }));
  }
  undo(doc: SceneDocument): SceneDocument {
    return mapTour(doc, this.tourId, (t) => ({ ...t, points: renumber(t.points.filter((p) => p.id !== this.point.id)) }));
  }
  toJSON() {
    return { type: this.type, tourId: this.tourId, point: this.point };
  }
}

type TourPointFields = Partial<Pick<GuidedTourPoint, 'title' | 'description' | 'audioUri'>>;

/** A point's title, description or audio clip; `audioUri: undefined` removes the clip. Typing merges. */
export class UpdateTourPointCommand implements Command {
  readonly type = 'tourPoint.update';
  readonly scopes = ['tours'] as const;
  readonly tourId: string;
  readonly pointId: string;
  readonly patch: TourPointFields;
  #before: TourPointFields | null;
  constructor(tourId: string, pointId: string, patch: TourPointFields, before: TourPointFields | null = null) {
    this.tourId = tourId;
    this.pointId = pointId;
    this.patch = patch;
    this.#before = before;
  }
  #apply(doc: SceneDocument, patch: TourPointFields): SceneDocument {
    return mapTour(doc, this.tourId, (t) => {
      const i = t.points.findIndex((p) => p.id === this.pointId);
      if (i < 0) throw new CommandTargetError(`tour point ${this.pointId}`);
      const point = t.points[i]!;
      this.#before ??= Object.fromEntries(Object.keys(patch).map((k) => [k, point[k as keyof TourPointFields]]));
      const next: GuidedTourPoint = { ...point, ...patch };
      // No clip is an absent field, as the schema has it, not an explicit undefined.
      if (next.audioUri === undefined) delete next.audioUri;
      const points = t.points.slice();
      points[i] = next;
      return { ...t, points };
    });
  }
  execute(doc: SceneDocument): SceneDocument {
    return this.#apply(doc, this.patch);
  }
  undo(doc: SceneDocument): SceneDocument {
    return this.#apply(doc, this.#before!);
  }
  merge(next: Command): Command | null {
    if (!(next instanceof UpdateTourPointCommand) || next.tourId !== this.tourId || next.pointId !== this.pointId) return null;
    if (Object.keys(this.patch).sort().join() !== Object.keys(next.patch).sort().join() || 'audioUri' in next.patch) return null;
    return new UpdateTourPointCommand(this.tourId, this.pointId, next.patch, this.#before);
  }
  toJSON() {
    return { type: this.type, tourId: this.tourId, pointId: this.pointId, patch: this.patch, before: this.#before };
  }
}

export class RemoveTourPointCommand implements Command {
  readonly type = 'tourPoint.remove';
  readonly scopes = ['tours'] as const;
  readonly tourId: string;
  readonly pointId: string;
  #removed: { point: GuidedTourPoint; index: number } | null = null;
  constructor(tourId: string, pointId: string) {
    this.tourId = tourId;
    this.pointId = pointId;
  }
  execute(doc: SceneDocument): SceneDocument {
    return mapTour(doc, this.tourId, (t) => {
      const index = t.points.findIndex((p) => p.id === this.pointId);
      if (index < 0) throw new CommandTargetError(`tour point ${this.pointId}`);
      this.#removed = { point: t.points[index]!, index };
      return { ...t, points: renumber(t.points.filter((p) => p.id !== this.pointId)) };
    });
  }
  undo(doc: SceneDocument): SceneDocument {
    return mapTour(doc, this.tourId, (t) => {
      const points = t.points.slice();
      points.splice(this.#removed!.index, 0, this.#removed!.point);
      return { ...t, points: renumber(points) };
    });
  }
  toJSON() {
    return { type: this.type, tourId: this.tourId, pointId: this.pointId, state: this.#removed };
  }
  /** Restores the command as it stood after running, with what it removed or replaced. */
  static fromJSON(json: ReturnType<RemoveTourPointCommand['toJSON']>): RemoveTourPointCommand {
    const command = new RemoveTourPointCommand(json.tourId, json.pointId);
    command.#removed = json.state;
    return command;
  }
}

/** Moves a point to another position in the tour's order. */
export class ReorderTourPointCommand implements Command {
  readonly type = 'tourPoint.reorder';
  readonly scopes = ['tours'] as const;
  readonly tourId: string;
  readonly from: number;
  readonly to: number;
  constructor(tourId: string, from: number, to: number) {
    this.tourId = tourId;
    this.from = from;
    this.to = to;
  }
  #move(doc: SceneDocument, from: number, to: number): SceneDocument {
    return mapTour(doc, this.tourId, (t) => {
      if (from < 0 || from >= t.points.length || to < 0 || to >= t.points.length) throw new CommandTargetError(`tour point index ${from}`);
      const points = t.points.slice();
      const [p] = points.splice(from, 1);
      points.splice(to, 0, p!);
      return { ...t, points: renumber(points) };
    });
  }
  execute(doc: SceneDocument): SceneDocument {
    return this.#move(doc, this.from, this.to);
  }
  undo(doc: SceneDocument): SceneDocument {
    return this.#move(doc, this.to, this.from);
  }
  toJSON() {
    return { type: this.type, tourId: this.tourId, from: this.from, to: this.to };
  }
}

/** Where visitors arrive (startingPosition/startingRotation). */
export class SetEntryPointCommand implements Command {
  readonly type = 'entry.set';
  readonly scopes = ['entry'] as const;
  readonly position: Vec3;
  readonly rotation: Vec3;
  #before: { position: Vec3; rotation: Vec3 } | null = null;
  constructor(position: Vec3, rotation: Vec3) {
    this.position = position;
    this.rotation = rotation;
  }
  execute(doc: SceneDocument): SceneDocument {
    this.#before = { position: doc.startingPosition, rotation: doc.startingRotation };
    return { ...doc, startingPosition: this.position, startingRotation: this.rotation };
  }
  undo(doc: SceneDocument): SceneDocument {
    return { ...doc, startingPosition: this.#before!.position, startingRotation: this.#before!.rotation };
  }
  toJSON() {
    return { type: this.type, position: this.position, rotation: this.rotation, state: this.#before };
  }
  /** Restores the command as it stood after running, with what it removed or replaced. */
  static fromJSON(json: ReturnType<SetEntryPointCommand['toJSON']>): SetEntryPointCommand {
    const command = new SetEntryPointCommand(json.position, json.rotation);
    command.#before = json.state;
    return command;
  }
}
