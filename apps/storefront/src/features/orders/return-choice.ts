import {
  MAX_RETURN_FILE_BYTES,
  MAX_RETURN_FILES,
  ORDER_MESSAGES,
  RETURN_FILE_TYPES,
  type OrderLine,
} from '@vastra/contracts';

/**
 * The rules of the return form that need no server (behaviour.md §7 Orders return / partial-return): how
 * many pieces of each line may be chosen, whether the choice is the whole order (POST
 * /orders/{id}/return) or a part of it (/partial-return), and the checks of the photos and
 * videos that mirror the API's (type, size, count), so a shopper hears at once what the API
 * would refuse after the upload. The API checks everything again (and sniffs the bytes).
 */

/** Pieces chosen per order line id. */
export type QuantityChoice = Record<string, number>;

/** A line that may be returned now: its category is returnable and pieces are left. */
export function isReturnableLine(line: Pick<OrderLine, 'returnable' | 'returnableQuantity'>): boolean {
  return line.returnable && line.returnableQuantity > 0;
}

/** A wanted quantity kept between 0 and what is still returnable (whole pieces). */
export function clampQuantity(line: Pick<OrderLine, 'returnable' | 'returnableQuantity'>, wanted: number): number {
  if (!isReturnableLine(line) || !Number.isFinite(wanted)) return 0;
  return Math.min(Math.max(Math.trunc(wanted), 0), line.returnableQuantity);
}

/** The lines with at least one piece chosen, as the partial-return `items` field lists them. */
export function chosenItems(
  lines: readonly Pick<OrderLine, 'id' | 'returnable' | 'returnableQuantity'>[],
  choice: QuantityChoice,
): { orderItemId: string; quantity: number }[] {
  return lines
    .map((line) => ({ orderItemId: line.id, quantity: clampQuantity(line, choice[line.id] ?? 0) }))
    .filter((item) => item.quantity > 0);
}

/**
 * 'full' when every returnable piece left is chosen (the whole order goes back), 'partial'
 * when some are, null when none is.
 */
export function returnKind(
  lines: readonly Pick<OrderLine, 'id' | 'returnable' | 'returnableQuantity'>[],
  choice: QuantityChoice,
): 'full' | 'partial' | null {
  const items = chosenItems(lines, choice);
  if (items.length === 0) return null;
  const everything = lines
    .filter(isReturnableLine)
    .every((line) => clampQuantity(line, choice[line.id] ?? 0) === line.returnableQuantity);
  return everything ? 'full' : 'partial';
}

/** What the file checks need of a File. */
export type PickedFile = { name: string; type: string; size: number };

/**
 * Which of the newly picked files may join those already kept, and the message for the rest:
 * only RETURN_FILE_TYPES, each at most MAX_RETURN_FILE_BYTES, MAX_RETURN_FILES in all. The
 * first refusal's message is given (type, then size, then count).
 */
export function checkFiles<F extends PickedFile>(
  kept: readonly PickedFile[],
  picked: readonly F[],
): { accepted: F[]; error: string | null } {
  const accepted: F[] = [];
  let error: string | null = null;
  for (const file of picked) {
    if (!(RETURN_FILE_TYPES as readonly string[]).includes(file.type)) error ??= ORDER_MESSAGES.returnFileType;
    else if (file.size > MAX_RETURN_FILE_BYTES) error ??= ORDER_MESSAGES.returnFileTooLarge;
    else if (kept.length + accepted.length >= MAX_RETURN_FILES) error ??= ORDER_MESSAGES.returnTooManyFiles;
    else accepted.push(file);
  }
  return { accepted, error };
}

/** "1.2 MB", "340 KB": a file's size as the form lists it. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
