import type { ActivityDependencies } from './dependencies';

/** The smoke workflow's steps: each proves one real component. */
export function createSmokeActivities(deps: ActivityDependencies) {
  const key = (id: string) => `smoke/${id}.pdf`;
  return {
    async smokeRender(id: string): Promise<{ key: string; bytes: number }> {
      const pdf = await deps.browser.use(async (page) => {
        await page.setContent(`<html><body><h1>Smoke ${id}</h1></body></html>`);
        return Buffer.from(await page.pdf({ format: 'A4' }));
      });
      await deps.store.put(key(id), pdf, 'application/pdf');
      return { key: key(id), bytes: pdf.length };
    },
    async smokeStore(id: string, pdfKey: string): Promise<string> {
      const pdf = await deps.store.get(pdfKey);
      if (!pdf) throw new Error(`smoke PDF ${pdfKey} is missing from storage`);
      await deps.store.put(
        `smoke/${id}.json`,
        Buffer.from(JSON.stringify({ id, pdfBytes: pdf.length })),
        'application/json',
      );
      return `smoke/${id}.json`;
    },
    async smokeMail(id: string, to: string, pdfKey: string): Promise<string> {
      const pdf = await deps.store.get(pdfKey);
      const info = await deps.mailer.send({
        to,
        subject: `Smoke ${id}`,
        text: `Smoke test ${id}`,
        attachments: [{ filename: `${id}.pdf`, content: pdf!, contentType: 'application/pdf' }],
      });
      return info.messageId;
    },
    async smokeRecord(record: {
      smokeId: string;
      storedKey: string;
      pdfBytes: number;
      messageId: string;
    }): Promise<void> {
      await deps.db.models.Smoke.updateOne({ smokeId: record.smokeId }, { $set: record }, { upsert: true });
    },
  };
}
