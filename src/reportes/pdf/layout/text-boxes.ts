/** Where one text call landed, in points from the page's top-left corner, as pdfkit lays it out. */
export interface TextBox {
  /** 0-based page index. */
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
  text: string;
}

/** The content area of a page (inside its margins). */
export interface PageArea {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** What a recorded render drew: every text box and the content area of every page. */
export interface TextLayout {
  boxes: TextBox[];
  pages: PageArea[];
}

type TextArgs = [text: unknown, x?: number | PDFKit.Mixins.TextOptions, y?: number, options?: PDFKit.Mixins.TextOptions];

function area(page: PDFKit.PDFPage): PageArea {
  const m = page.margins;
  return { left: m.left, top: m.top, right: page.width - m.right, bottom: page.height - m.bottom };
}

/**
 * Makes `doc` record the box of every doc.text() call into `into`: pdfkit's own boundsOfString with the
 * call's position and options (default width as pdfkit takes it), moved by the alignment, on the page the
 * call starts. Tests check the boxes for overlaps and margins; production renders do not record.
 * Continued text is refused: a paragraph made of fragments has no box of its own.
 */
export function recordTextBoxes(doc: PDFKit.PDFDocument, into: TextLayout): void {
  into.pages.push(area(doc.page));
  doc.on('pageAdded', () => into.pages.push(area(doc.page)));
  const text = doc.text.bind(doc) as (...args: TextArgs) => PDFKit.PDFDocument;
  const recorded = (...args: TextArgs): PDFKit.PDFDocument => {
    const [value, xArg, yArg, optArg] = args;
    const options: PDFKit.Mixins.TextOptions = (typeof xArg === 'object' ? xArg : optArg) ?? {};
    if (options.continued) throw new Error('recordTextBoxes: continued text is not measured');
    const x = typeof xArg === 'number' ? xArg : doc.x;
    const y = typeof xArg === 'number' && typeof yArg === 'number' ? yArg : doc.y;
    const str = value == null ? '' : String(value);
    if (str.trim()) {
      const width = options.width ?? doc.page.width - x - doc.page.margins.right;
      const bounds = doc.boundsOfString(str, x, y, { ...options, width });
      const slack = Math.max(0, width - bounds.width);
      const shift = options.align === 'right' ? slack : options.align === 'center' ? slack / 2 : 0;
      into.boxes.push({ page: into.pages.length - 1, x: x + shift, y, width: bounds.width, height: bounds.height, text: str });
    }
    return text(...args);
  };
  (doc as unknown as { text: typeof recorded }).text = recorded;
}
