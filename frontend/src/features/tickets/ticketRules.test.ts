import { beforeAll, describe, expect, it } from 'vitest';
import type { Ticket } from '@/types/api.gen';
import { i18n } from '@/lib/i18n';
import enUS from '@/lib/i18n/locales/en-US.json';
import esES from '@/lib/i18n/locales/es-ES.json';
import zhCN from '@/lib/i18n/locales/zh-CN.json';
import { canEditTicket, chatSide, chatWithReply, filesThatFit, replyIndicator, replyState } from './ticketRules';
import { TICKET_STATUSES, TICKET_TYPES, ticketStatusLabel, ticketTypeLabel } from './ticketLabels';

type Row = Pick<Ticket, 'status' | 'myTurn' | 'unread'>;

describe('replyIndicator (spec 000 §4: green when resolved or not your turn, red otherwise)', () => {
  it.each<[Row, string, string]>([
    [{ status: 'RESOLVED', myTurn: false, unread: false }, 'green', 'resolved'],
    // a resolved ticket is green even if the server still said "your turn" or "unread"
    [{ status: 'RESOLVED', myTurn: true, unread: true }, 'green', 'resolved'],
    [{ status: 'PROCESSING', myTurn: true, unread: true }, 'red', 'unread'],
    [{ status: 'PROCESSING', myTurn: true, unread: false }, 'red', 'read'],
    [{ status: 'PROCESSING', myTurn: false, unread: false }, 'green', 'read'],
    [{ status: 'SUBMITTED', myTurn: true, unread: false }, 'red', 'read'],
    [{ status: 'SUBMITTED', myTurn: false, unread: false }, 'green', 'read'],
    [{ status: 'PROCESSING', myTurn: false, unread: true }, 'green', 'unread'],
  ])('%o → %s, %s', (row, tone, icon) => {
    expect(replyIndicator(row)).toEqual({ tone, icon });
  });
});

describe('replyState (turn-taking, no reply once resolved)', () => {
  it('hides the reply box on a resolved ticket, for both sides', () => {
    expect(replyState({ status: 'RESOLVED', myTurn: false }, 'admin')).toEqual({ hidden: true, canReply: false });
    expect(replyState({ status: 'RESOLVED', myTurn: true }, 'user')).toEqual({ hidden: true, canReply: false });
  });

  it('enables Reply only in turn and says whom the viewer waits for', () => {
    expect(replyState({ status: 'PROCESSING', myTurn: true }, 'admin')).toEqual({ hidden: false, canReply: true });
    expect(replyState({ status: 'PROCESSING', myTurn: false }, 'user')).toEqual({
      hidden: false,
      canReply: false,
      waitingFor: 'support',
    });
    expect(replyState({ status: 'PROCESSING', myTurn: false }, 'admin')).toEqual({
      hidden: false,
      canReply: false,
      waitingFor: 'user',
    });
  });
});

describe('chatSide and chatWithReply', () => {
  it('sends the whole chat with the new entry last', () => {
    expect(chatSide(true)).toBe('admin');
    expect(chatSide(false)).toBe('user');
    const before = [{ role: 'admin', reply: 'Hello', createTime: 1 }];
    expect(chatWithReply(before, 'user', 'Thanks', 5)).toEqual([...before, { role: 'user', reply: 'Thanks', createTime: 5 }]);
    expect(chatWithReply(null, 'admin', 'First', 7)).toEqual([{ role: 'admin', reply: 'First', createTime: 7 }]);
    expect(before).toHaveLength(1);
  });
});

describe('canEditTicket', () => {
  it('lets only the creator edit, and only while SUBMITTED', () => {
    expect(canEditTicket({ creator: 'u1', status: 'SUBMITTED' }, 'u1')).toBe(true);
    expect(canEditTicket({ creator: 'u1', status: 'PROCESSING' }, 'u1')).toBe(false);
    expect(canEditTicket({ creator: 'u1', status: 'SUBMITTED' }, 'u2')).toBe(false);
    expect(canEditTicket({ creator: '', status: 'SUBMITTED' }, '')).toBe(false);
    expect(canEditTicket({ creator: 'u1', status: 'SUBMITTED' }, undefined)).toBe(false);
  });
});

describe('filesThatFit (at most 3 attachments)', () => {
  it('takes what fits and counts the rest', () => {
    expect(filesThatFit(0, ['a', 'b'], 3)).toEqual({ fit: ['a', 'b'], refused: 0 });
    expect(filesThatFit(2, ['a', 'b'], 3)).toEqual({ fit: ['a'], refused: 1 });
    expect(filesThatFit(3, ['a'], 3)).toEqual({ fit: [], refused: 1 });
    expect(filesThatFit(0, ['a', 'b', 'c', 'd'], 3)).toEqual({ fit: ['a', 'b', 'c'], refused: 1 });
  });
});

describe('texts', () => {
  beforeAll(async () => {
    await i18n.init({
      lng: 'en-US',
      resources: { 'en-US': { translation: enUS }, 'es-ES': { translation: esES }, 'zh-CN': { translation: zhCN } },
      interpolation: { escapeValue: false },
    });
  });

  it('names every type and status, and leaves unknown codes as they are', () => {
    const en = i18n.getFixedT('en-US');
    expect(TICKET_TYPES.map((type) => ticketTypeLabel(en, type))).toEqual(['Customer support', 'Issues', 'Bug', 'Suggestion', 'Other']);
    expect(TICKET_STATUSES.map((s) => ticketStatusLabel(en, s))).toEqual(['Submitted', 'Processing', 'Resolved']);
    expect(ticketTypeLabel(en, 'NEW_KIND')).toBe('NEW_KIND');
    expect(ticketStatusLabel(i18n.getFixedT('es-ES'), 'RESOLVED')).toBe('Resuelta');
  });

  it('asks "{name} will be permanently deleted. Continue?" in every language (spec 001 §8)', () => {
    const name = 'Printer broken';
    expect(i18n.getFixedT('en-US')('common.confirm.permanentDelete', { name })).toBe('Printer broken will be permanently deleted. Continue?');
    expect(i18n.getFixedT('es-ES')('common.confirm.permanentDelete', { name })).toBe(
      'Printer broken se eliminará de forma permanente. ¿Desea continuar?',
    );
    expect(i18n.getFixedT('zh-CN')('common.confirm.permanentDelete', { name })).toBe('Printer broken将被永久删除。是否继续？');
  });

  it('says what was done in a whole sentence per action and language', () => {
    expect(i18n.getFixedT('en-US')('tickets.done.replied')).toBe('Reply sent');
    expect(i18n.getFixedT('es-ES')('tickets.done.submitted')).toBe('Solicitud de soporte enviada');
    expect(i18n.getFixedT('zh-CN')('tickets.done.deleted')).toBe('工单已删除');
  });
});
