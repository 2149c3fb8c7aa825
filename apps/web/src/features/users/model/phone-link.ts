/** spec §7: a phone number opens a WhatsApp chat; the link takes the digits only. */
export function buildWhatsAppLink(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits.length >= 7 ? `https://wa.me/${digits}` : null;
}
