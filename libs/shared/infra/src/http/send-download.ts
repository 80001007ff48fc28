import { StreamableFile } from '@nestjs/common';
import type { Response } from 'express';

/** A file made whole in memory (an export), to send as a download. */
export interface Download {
  /** With its parameters, e.g. `text/csv; charset=utf-8; header=present`. */
  readonly contentType: string;
  /** The name the client saves it under. */
  readonly fileName: string;
  readonly body: Buffer;
}

/** `attachment; filename="..."`, the name reduced to printable ASCII without quotes or backslashes. */
export function attachmentDisposition(fileName: string): string {
  return `attachment; filename="${fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')}"`;
}

/**
 * For a handler that writes its own response (`@Res()`): answers 200 with the file as an
 * attachment, not to be cached (it is computed per request).
 */
export function sendDownload(res: Response, file: Download): void {
  res.status(200);
  res.setHeader('Content-Type', file.contentType);
  res.setHeader('Content-Disposition', attachmentDisposition(file.fileName));
  res.setHeader('Cache-Control', 'no-store');
  res.end(file.body);
}

/**
 * For a handler whose response Nest writes (`@Res({ passthrough: true })`): the file as the
 * handler's return value, with the same headers as `sendDownload`.
 */
export function downloadOf(res: Response, file: Download): StreamableFile {
  res.setHeader('Cache-Control', 'no-store');
  return new StreamableFile(file.body, { type: file.contentType, disposition: attachmentDisposition(file.fileName), length: file.body.length });
}
