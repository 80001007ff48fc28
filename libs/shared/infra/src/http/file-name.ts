/**
 * A download's file name from a title (a project's or chart's name): accents dropped, every run of
 * characters other than ASCII letters, digits, dots, dashes and underscores made one dash, at most
 * 100 characters before the extension; `fallback` when nothing is left.
 */
export function fileNameOf(title: string, extension: string, fallback: string): string {
  const stem = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\w.-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 100)
    .replace(/[-.]+$/g, '');
  return `${stem || fallback}.${extension}`;
}
