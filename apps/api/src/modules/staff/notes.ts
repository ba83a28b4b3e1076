/** Internal notes of the staff on an order or a customer (docs/admin.md); shoppers never see them. */
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { StaffPrincipal } from './service';
import { adminNotes } from './tables';

export type NoteEntity = 'order' | 'customer';
export type AdminNote = { id: string; author: string; body: string; createdAt: string };

export class AdminNotes {
  constructor(private readonly db: Db) {}

  async add(entity: NoteEntity, entityId: string, author: StaffPrincipal, body: string): Promise<AdminNote> {
    const [row] = await this.db
      .insert(adminNotes)
      .values({ entity, entityId, staffId: author.staffId, authorName: author.name, body })
      .returning();
    return { id: row!.id, author: row!.authorName, body: row!.body, createdAt: row!.createdAt.toISOString() };
  }

  /** The record's notes, newest first. */
  async list(entity: NoteEntity, entityId: string): Promise<AdminNote[]> {
    const rows = await this.db
      .select()
      .from(adminNotes)
      .where(and(eq(adminNotes.entity, entity), eq(adminNotes.entityId, entityId)))
      .orderBy(desc(adminNotes.createdAt));
    return rows.map((r) => ({ id: r.id, author: r.authorName, body: r.body, createdAt: r.createdAt.toISOString() }));
  }
}
