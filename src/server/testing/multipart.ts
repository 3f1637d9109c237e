// Multipart bodies for app.inject, as a browser sends a form with file inputs.

export interface FilePart {
  filename: string;
  content: Buffer;
  field?: string;
  type?: string;
}

/** A multipart body as a browser sends a form with file inputs. */
export function multipartBody(fields: Record<string, string>, files: FilePart[]) {
  const boundary = '----booking-photos-7f3';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  for (const file of files)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'photos'}"; filename="${file.filename}"\r\nContent-Type: ${file.type ?? 'image/jpeg'}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
