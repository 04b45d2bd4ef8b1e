import { failed, ok, thrown, type Result } from '../result.ts';
import { partsOf, type DataSource } from '../source.ts';

export type ReportOutcome = 'reported' | 'already-reported';

/** Reports a chat message to the moderators; a second report of the same message by the same student is 'already-reported'. */
export async function reportChatMessage(source: DataSource, messageId: number, reporterId: string): Promise<Result<ReportOutcome>> {
  try {
    const { error } = await partsOf(source).supabase.from('chat_reports').insert({ message_id: messageId, reporter_id: reporterId, reason: '' });
    if (error === null) return ok('reported');
    return error.code === '23505' ? ok('already-reported') : failed(error);
  } catch (error) {
    return thrown(error);
  }
}
