/** One part of a component list cell: a product named by SKU, name or handle, and its quantity; or why it is not one. */
export type ComponentPart = { name: string; quantity: string } | { problem: string };

/**
 * A cell listing components as `CODE=quantity; …` (a recipe's `FLOUR=0.5; SUGAR=0.25`, a bundle's
 * `TEE-S=2; MUG=1`): its parts in order, each a component or why it is not one. Quantities are numbers above 0
 * with at most 3 decimals; with `quantityOptional`, a part without `=` is one of the product.
 */
export function componentParts(text: string, example: string, quantityOptional = false): ComponentPart[] {
  const parts: ComponentPart[] = [];
  for (const part of text
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const at = part.lastIndexOf('=');
    const name = (at < 0 ? (quantityOptional ? part : '') : part.slice(0, at)).trim();
    const quantity = at < 0 ? (quantityOptional ? '1' : '') : part.slice(at + 1).trim();
    if (!name || !quantity) {
      parts.push({ problem: `"${part}" is not SKU=quantity (${example})` });
      continue;
    }
    if (!/^\d+(\.\d{1,3})?$/.test(quantity) || Number(quantity) <= 0) {
      parts.push({
        problem: `the quantity of ${name} must be a number above 0 with at most 3 decimals: read "${quantity}"`,
      });
      continue;
    }
    parts.push({ name, quantity });
  }
  return parts;
}
