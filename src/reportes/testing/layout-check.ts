import type { TextBox, TextLayout } from '../pdf/layout/text-boxes';

/** Rounding slack in points: boxes that only touch (one line right below another) do not overlap. */
const EPS = 0.01;

const show = (b: TextBox) =>
  `"${b.text.length > 40 ? `${b.text.slice(0, 37)}...` : b.text}" [${b.x.toFixed(1)}, ${b.y.toFixed(1)}, ${b.width.toFixed(1)} x ${b.height.toFixed(1)}]`;

function intersect(a: TextBox, b: TextBox): boolean {
  return a.page === b.page && a.x < b.x + b.width - EPS && b.x < a.x + a.width - EPS && a.y < b.y + b.height - EPS && b.y < a.y + a.height - EPS;
}

/**
 * Everything wrong with a recorded layout, one sentence per problem: text boxes that intersect another
 * on the same page, and boxes that leave the page's content area (margins). Empty when the print is clean.
 */
export function layoutProblems(layout: TextLayout): string[] {
  const problems: string[] = [];
  const { boxes, pages } = layout;
  for (const b of boxes) {
    const p = pages[b.page];
    if (b.x < p.left - EPS || b.y < p.top - EPS || b.x + b.width > p.right + EPS || b.y + b.height > p.bottom + EPS) {
      problems.push(`page ${b.page + 1}: ${show(b)} leaves the margins [${p.left}, ${p.top}, ${p.right}, ${p.bottom}]`);
    }
  }
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      if (intersect(boxes[i], boxes[j])) problems.push(`page ${boxes[i].page + 1}: ${show(boxes[i])} overlaps ${show(boxes[j])}`);
    }
  }
  return problems;
}
