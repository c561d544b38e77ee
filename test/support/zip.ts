import * as yauzl from 'yauzl';

/** The files of a ZIP, read with an implementation of its own (yauzl), by name. */
export function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (err, file) => {
      if (err || !file) return reject(err);
      const files = new Map<string, Buffer>();
      file.on('entry', (entry: yauzl.Entry) =>
        file.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const parts: Buffer[] = [];
          stream.on('data', (p: Buffer) => parts.push(p));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(parts));
            file.readEntry();
          });
        }),
      );
      file.on('end', () => resolve(files));
      file.readEntry();
    });
  });
}
