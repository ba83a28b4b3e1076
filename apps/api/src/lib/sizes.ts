/**
 * Orders size labels the way a size chart reads: letter sizes XS→5XL, then numbers
 * ascending (waist 28, UK 7, age 7-8Y), then anything else alphabetically.
 */
const LETTER_ORDER = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', '2XL', '3XL', 'XXXL', '4XL', '5XL', 'FREE SIZE'];

function rank(size: string): [number, number, string] {
  const upper = size.toUpperCase();
  const letter = LETTER_ORDER.indexOf(upper);
  if (letter >= 0) return [0, letter, upper];
  const number = /\d+(\.\d+)?/.exec(upper);
  if (number) return [1, Number(number[0]), upper];
  return [2, 0, upper];
}

export function compareSizes(a: string, b: string): number {
  const [ga, na, sa] = rank(a);
  const [gb, nb, sb] = rank(b);
  return ga - gb || na - nb || sa.localeCompare(sb);
}
