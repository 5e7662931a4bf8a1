import { newId } from '../../db/newId.ts';
import type { z } from 'zod';
import { AppError, youtubeId, type faqInput, type glossaryInput, type videoTutorialInput } from '@atrium/shared';
import type { Actor } from '../../plugins/actor.ts';
import type { CmsRepo } from './repo.ts';
import type { CmsContentRepo, FaqRow, GlossaryRow, VideoRow } from './contentRepo.ts';
import { youtubeEmbedUrl } from './render.ts';

type FaqInput = z.output<typeof faqInput>;
type GlossaryInput = z.output<typeof glossaryInput>;
type VideoInput = z.output<typeof videoTutorialInput>;

const TAKEN = 'Another entry already uses this address';

const faqView = (r: FaqRow) => ({ id: r.id, slug: r.slug, question: r.question, answer: r.answer, category: r.category, position: r.position });
const glossaryView = (r: GlossaryRow) => ({ id: r.id, slug: r.slug, term: r.term, definition: r.definition });
const videoView = (r: VideoRow) => ({ id: r.id, slug: r.slug, title: r.title, description: r.description, embedUrl: youtubeEmbedUrl(r.youtubeId) });

/** What a write returns: the row, or the reason it did not happen, as the API's errors. */
function settle<T, V>(r: T | null | 'conflict', view: (row: T) => V): V {
  if (r === 'conflict') throw new AppError('CONFLICT', TAKEN);
  if (r === null) throw new AppError('NOT_FOUND');
  return view(r);
}

/**
 * Staff writes of FAQs, glossary entries and video tutorials (issue 17 content management). Like the
 * article writes, each checks the staff grant first: signed out 401, signed in without it 403.
 */
export class CmsContentService {
  private readonly cms: CmsRepo;
  private readonly repo: CmsContentRepo;
  constructor(cms: CmsRepo, repo: CmsContentRepo) {
    this.cms = cms;
    this.repo = repo;
  }

  private async requireStaff(actor: Actor | null): Promise<void> {
    if (!actor) throw new AppError('UNAUTHENTICATED');
    if (!(await this.cms.isStaff(actor.userId))) throw new AppError('FORBIDDEN');
  }

  async createFaq(actor: Actor | null, input: FaqInput) {
    await this.requireStaff(actor);
    return settle(await this.repo.insertFaq({ id: newId(), ...input }), faqView);
  }
  async updateFaq(actor: Actor | null, id: string, input: FaqInput) {
    await this.requireStaff(actor);
    return settle(await this.repo.updateFaq(id, input), faqView);
  }
  async deleteFaq(actor: Actor | null, id: string) {
    await this.requireStaff(actor);
    if (!(await this.repo.deleteFaq(id))) throw new AppError('NOT_FOUND');
  }

  async createGlossary(actor: Actor | null, input: GlossaryInput) {
    await this.requireStaff(actor);
    return settle(await this.repo.insertGlossary({ id: newId(), ...input }), glossaryView);
  }
  async updateGlossary(actor: Actor | null, id: string, input: GlossaryInput) {
    await this.requireStaff(actor);
    return settle(await this.repo.updateGlossary(id, input), glossaryView);
  }
  async deleteGlossary(actor: Actor | null, id: string) {
    await this.requireStaff(actor);
    if (!(await this.repo.deleteGlossary(id))) throw new AppError('NOT_FOUND');
  }

  private videoFields(input: VideoInput) {
    // The schema already refused anything that is not a YouTube address, so the id is there.
    return { slug: input.slug, title: input.title, description: input.description, youtubeId: youtubeId(input.youtube)!, position: input.position };
  }
  async createVideo(actor: Actor | null, input: VideoInput) {
    await this.requireStaff(actor);
    return settle(await this.repo.insertVideo({ id: newId(), ...this.videoFields(input) }), videoView);
  }
  async updateVideo(actor: Actor | null, id: string, input: VideoInput) {
    await this.requireStaff(actor);
    return settle(await this.repo.updateVideo(id, this.videoFields(input)), videoView);
  }
  async deleteVideo(actor: Actor | null, id: string) {
    await this.requireStaff(actor);
    if (!(await this.repo.deleteVideo(id))) throw new AppError('NOT_FOUND');
  }
}
