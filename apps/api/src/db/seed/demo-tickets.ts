import { ROLE } from '@app/contract/roles';
import { TICKET_STATE } from '@app/contract/tickets';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { messageTemplates, ticketCategories, ticketMessages, tickets } from '../schema/tickets';
import { users } from '../schema/users';

/*
 * Support demo (issue 20 item 5): ticket categories, canned answers (ticket templates) and a few
 * hundred tickets with conversations in Azerbaijani: open ones waiting for staff (unread, the
 * sidebar badge), answered, closed and a few cancelled. Values come from a fixed-seed generator,
 * so the demo is the same on every run.
 */

const CATEGORIES: { name: string; hidden?: boolean }[] = [
  { name: 'Bağlamanın gecikməsi' }, { name: 'Ödəniş və balans' }, { name: 'Bəyannamə' }, { name: 'Kuryer xidməti' },
  { name: 'Gömrük' }, { name: 'Hesab və şəxsi məlumatlar' }, { name: 'Digər' }, { name: 'Daxili yoxlama', hidden: true },
];

export const DEMO_MESSAGE_TEMPLATES: { title: string; body: string }[] = [
  { title: 'Salamlama', body: 'Salam! Müraciətiniz üçün təşəkkür edirik. Sualınızı araşdırırıq, qısa zamanda cavab verəcəyik.' },
  { title: 'Bağlama yoldadır', body: 'Hörmətli müştəri, bağlamanız artıq yoldadır. Bakı anbarına çatan kimi SMS ilə məlumat veriləcək.' },
  { title: 'Bəyannamə tələb olunur', body: 'Bağlamanızın gömrükdən keçməsi üçün bəyannamə doldurulmalıdır. Zəhmət olmasa şəxsi kabinetinizdə bəyannaməni doldurun.' },
  { title: 'Ödəniş qəbul edildi', body: 'Ödənişiniz qəbul edildi və balansınıza əlavə olundu. Başqa sualınız olarsa, bizə yazın.' },
  { title: 'Kuryer sifarişi', body: 'Kuryer sifarişiniz qeydə alındı. Kuryer çatdırılmadan bir saat əvvəl sizinlə əlaqə saxlayacaq.' },
  { title: 'Gömrükdə saxlanılıb', body: 'Bağlamanız gömrük yoxlamasındadır. Gömrük orqanının qərarından sonra sizə məlumat veriləcək.' },
  { title: 'Müraciət bağlanır', body: 'Məsələniz həll olunduğu üçün müraciəti bağlayırıq. Bizi seçdiyiniz üçün təşəkkür edirik!' },
];

const QUESTIONS = [
  'Salam, bağlamam 10 gündür Türkiyə anbarındadır, nə vaxt göndəriləcək?',
  'Balansıma pul köçürdüm, amma hələ görünmür. Zəhmət olmasa yoxlayın.',
  'Bəyannaməni necə doldurmalıyam? Məhsulun qiymətini hansı valyutada yazım?',
  'Kuryer bu gün gəlməli idi, amma heç kim zəng etmədi.',
  'Bağlamam gömrükdə saxlanılıb, nə etməliyəm?',
  'Telefon nömrəmi dəyişmək istəyirəm, necə edə bilərəm?',
  'Sifarişimin izləmə kodu sistemdə görünmür.',
  'Çatdırılma qiyməti niyə bu qədər baha hesablanıb? Çəki 0.4 kq idi.',
  'Bağlamanı başqa filialdan götürə bilərəmmi?',
  'Ünvanımı səhv yazmışam, bağlama hansı ünvana gedəcək?',
];
const FOLLOW_UPS = [
  'Təşəkkür edirəm, gözləyirəm.',
  'Hələ də heç bir dəyişiklik yoxdur, zəhmət olmasa kömək edin.',
  'Qəbzi əlavə etdim, yoxlayın xahiş edirəm.',
  'Aydındır, çox sağ olun!',
  'Bəs nə vaxta qədər gözləməliyəm?',
];
const ANSWERS = [
  'Salam! Müraciətiniz üçün təşəkkür edirik. Məsələni araşdırırıq.',
  'Bağlamanız növbəti reysə əlavə olunub, 3-5 gün ərzində Bakıya çatacaq.',
  'Ödənişiniz tapıldı və balansınıza əlavə edildi.',
  'Bəyannamədə məhsulun qiymətini sifariş etdiyiniz valyutada yazın.',
  'Kuryerimiz sabah saat 12:00-dək sizinlə əlaqə saxlayacaq.',
  'Məlumatlarınız yeniləndi. Başqa sualınız varsa, yazın.',
];

/** A small fixed-seed generator (mulberry32): the same demo on every run. */
function generator(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function generateTicketsDemoData(db: Db, opts: { count?: number } = {}): Promise<void> {
  const random = generator(2020);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const categoryIds = (await db.insert(ticketCategories).values(CATEGORIES.map((c) => ({ name: c.name, hidden: c.hidden ?? false }))).returning({ id: ticketCategories.id })).map((r) => r.id);
  await db.insert(messageTemplates).values(DEMO_MESSAGE_TEMPLATES.map((t, i) => ({ ...t, createdAt: new Date(Date.now() - (40 - i) * 86_400_000) })));

  const customers = (await db.select({ id: users.id }).from(users).where(eq(users.admin, ROLE.client)).orderBy(asc(users.id)).limit(400)).map((r) => r.id);
  const staff = await db.select({ id: users.id, admin: users.admin }).from(users)
    .where(inArray(users.admin, [ROLE.admin, ROLE.backOffice])).orderBy(asc(users.id)).limit(6);
  if (!customers.length || !staff.length) return;

  const count = opts.count ?? 320;
  const now = Date.now();
  for (let start = 0; start < count; start += 80) {
    const batch = Math.min(80, count - start);
    const planned = Array.from({ length: batch }, (_, i) => {
      const n = start + i;
      // newest tickets last: ids grow with their time, like the real table
      const createdAt = new Date(now - (count - n) * 6.5 * 3_600_000 - Math.floor(random() * 3_600_000));
      const roll = random();
      const state = n >= count - 25 ? TICKET_STATE.open : roll < 0.12 ? TICKET_STATE.open : roll < 0.55 ? TICKET_STATE.answered : roll < 0.93 ? TICKET_STATE.closed : TICKET_STATE.cancelled;
      const agent = pick(staff);
      // an open ticket ends with the customer's words; an answered or closed one with staff's
      const turns = 1 + Math.floor(random() * 3) * 2 + (state === TICKET_STATE.open ? 0 : 1);
      const messages = Array.from({ length: turns }, (_, k) => {
        const isCustomer = k % 2 === 0;
        return {
          isCustomer,
          text: k === 0 ? pick(QUESTIONS) : isCustomer ? pick(FOLLOW_UPS) : pick(ANSWERS),
          at: new Date(createdAt.getTime() + k * (20 + Math.floor(random() * 240)) * 60_000),
        };
      });
      const unreadTail = state === TICKET_STATE.open ? 1 : 0;
      return {
        customer: customers[n % customers.length]!, category: categoryIds[n % 7]!, state, agent, messages, createdAt,
        isAssigned: state !== TICKET_STATE.open || random() < 0.4, unreadTail,
      };
    });
    const inserted = await db.insert(tickets).values(planned.map((p) => ({
      userId: p.customer, ticketCategoryId: p.category, stateId: p.state, userIdAdmin: p.isAssigned ? p.agent.id : null,
      isNewAdmin: p.unreadTail > 0, messageCount: p.messages.length, newMessageCount: p.unreadTail, createdBy: p.customer,
      createdAt: p.createdAt, updatedAt: p.messages[p.messages.length - 1]!.at,
    }))).returning({ id: tickets.id });
    await db.insert(ticketMessages).values(planned.flatMap((p, i) => p.messages.map((m) => ({
      ticketId: inserted[i]!.id, userId: m.isCustomer ? p.customer : p.agent.id, senderRole: m.isCustomer ? ROLE.client : p.agent.admin,
      message: m.text, createdAt: m.at,
    }))));
  }
  // A cancelled staff message on an answered ticket (the conversation hides it).
  await db.execute(sql`update ticket_messages set cancelled_at = created_at + interval '5 minutes' where id = (
    select m.id from ticket_messages m join tickets t on t.id = m.ticket_id where t.state_id = ${TICKET_STATE.answered} and m.sender_role <> 0 order by m.id limit 1)`);
  await db.execute(sql`update tickets t set message_count = (select count(*) from ticket_messages m where m.ticket_id = t.id and m.cancelled_at is null)
    where t.id in (select ticket_id from ticket_messages where cancelled_at is not null)`);
}
