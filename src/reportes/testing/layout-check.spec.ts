import { createPdf, toBuffer } from '../pdf/layout/page';
import { TextLayout } from '../pdf/layout/text-boxes';
import { layoutProblems } from './layout-check';

describe('recorded text boxes and the layout check', () => {
  it('records each text where pdfkit lays it out (alignment, wrapping) and the page area', async () => {
    const layout: TextLayout = { boxes: [], pages: [] };
    const { doc } = createPdf('a4', { textLayout: layout });
    doc.fontSize(9).text('Fecha de vencimiento:', 42, 100, { width: 60 });
    doc.text('S/ 10.00', 400, 100, { width: 100, align: 'right' });
    await toBuffer(doc);
    expect(layout.pages).toEqual([{ left: 36, top: 36, right: 595.28 - 36, bottom: 841.89 - 36 }]);
    const [label, amount] = layout.boxes;
    expect(label).toMatchObject({ page: 0, x: 42, y: 100, text: 'Fecha de vencimiento:' });
    expect(label.height).toBeGreaterThan(18); // two lines of 9 pt
    expect(label.width).toBeLessThanOrEqual(60);
    expect(amount.x + amount.width).toBeCloseTo(500, 3);
    expect(amount.width).toBeLessThan(50);
  });

  it('finds a wrapped label written over the next row, and text past the margin', async () => {
    const layout: TextLayout = { boxes: [], pages: [] };
    const { doc } = createPdf('a4', { textLayout: layout });
    doc.fontSize(9).text('Fecha de vencimiento:', 42, 100, { width: 60 });
    doc.text('Cuotas:', 42, 112, { width: 60 });
    doc.text('31/03/2026', 110, 100, { width: 60 });
    doc.text('S/ 1,234.00', 540, 200, { width: 50 });
    await toBuffer(doc);
    const problems = layoutProblems(layout);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/"S\/ 1,234.00".*leaves the margins/);
    expect(problems[1]).toMatch(/"Fecha de vencimiento:".*overlaps "Cuotas:"/);
  });

  it('accepts rows that only touch, and refuses continued text it cannot measure', async () => {
    const layout: TextLayout = { boxes: [], pages: [] };
    const { doc } = createPdf('ticket', { textLayout: layout });
    doc.fontSize(7.5).text('Cliente:', 12, 20, { width: 40 });
    doc.text('JUAN PÉREZ', 52, 20, { width: 100 });
    doc.text('DNI:', 12, doc.y, { width: 40 });
    expect(layoutProblems(layout)).toEqual([]);
    expect(() => doc.text('Moneda: ', { continued: true })).toThrow(/continued/);
    await toBuffer(doc);
  });
});
