import valid from 'card-validator';

// The built-in provider's card fields (spec §7 checkout): card-validator knows the brands, their
// lengths, digit groups and security-code sizes, and the Luhn check; here they only become the
// formatted text in the field and which field is wrong.

const digits = (s: string) => s.replace(/\D/g, '');

/** "4242424242424242" → "4242 4242 4242 4242", grouped as the card's brand prints it. */
export function formatCardNumber(input: string): string {
  const d = digits(input);
  const card = valid.number(d).card;
  const gaps = card?.gaps ?? [4, 8, 12];
  const max = card ? Math.max(...card.lengths) : 19;
  let out = '';
  [...d.slice(0, max)].forEach((ch, i) => {
    if (gaps.includes(i)) out += ' ';
    out += ch;
  });
  return out;
}

/** "123" → "12/3", "1" stays; a first digit above 1 is a month of its own ("4" → "04/"). */
export function formatExpiry(input: string): string {
  let d = digits(input).slice(0, 4);
  if (d.length === 1 && d > '1') d = `0${d}`;
  return d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d.length === 2 && input.length > 2 ? `${d}/` : d;
}

export const cvcSize = (cardNumber: string) => valid.number(digits(cardNumber)).card?.code.size ?? 3;

export const formatCvc = (input: string, cardNumber: string) => digits(input).slice(0, Math.max(cvcSize(cardNumber), 4));

export interface CardErrors {
  number?: true;
  expiry?: true;
  cvc?: true;
}

export function cardErrors(f: { number: string; expiry: string; cvc: string }): CardErrors {
  const e: CardErrors = {};
  if (!valid.number(digits(f.number)).isValid) e.number = true;
  if (!valid.expirationDate(f.expiry).isValid) e.expiry = true;
  if (!valid.cvv(f.cvc, cvcSize(f.number)).isValid) e.cvc = true;
  return e;
}
