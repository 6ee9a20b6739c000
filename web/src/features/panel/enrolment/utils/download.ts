/** `Kawa & Ciasto — Łódź` → `kawa-ciasto-lodz` (Polish letters without accents, at most 60 characters). */
export function slugify(text: string): string {
  const slug = text
    .replace(/ł/g, 'l')
    .replace(/Ł/g, 'L')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'program';
}

/** The poster's file name, as the server names it too: `plakat-<slug>.pdf`. */
export function posterFileName(programName: string): string {
  return `plakat-${slugify(programName)}.pdf`;
}
