import { and, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../../db/client.ts';
import { scenes } from '../../db/schema/index.ts';

export type SceneRow = typeof scenes.$inferSelect;
export type NewScene = Omit<typeof scenes.$inferInsert, 'id'>;

export class ScenesRepo {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  async insert(row: NewScene): Promise<SceneRow> {
    const [saved] = await this.db
      .insert(scenes)
      .values({ id: uuidv7(), ...row })
      .returning();
    return saved!;
  }

  /** A published, visible space or undefined; hidden and draft spaces are indistinguishable from missing. */
  findPublished(id: string) {
    return this.db.query.scenes.findFirst({
      where: and(eq(scenes.id, id), eq(scenes.state, 'Published'), eq(scenes.visible, true)),
    });
  }

  findById(id: string) {
    return this.db.query.scenes.findFirst({ where: eq(scenes.id, id) });
  }

  findByDemoKey(key: string) {
    return this.db.query.scenes.findFirst({ where: eq(scenes.demoKey, key) });
  }

  listDemo() {
    return this.db.query.scenes.findMany({
      columns: { id: true, demoKey: true, title: true },
      where: (s, { isNotNull }) => isNotNull(s.demoKey),
      orderBy: (s, { asc }) => asc(s.createdAt),
    });
  }
}
