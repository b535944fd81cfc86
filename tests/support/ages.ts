/** Dates of birth for a given age today (a birthday 100 days ago: never close to the next one). */
export function bornYearsAgo(years: number, now = new Date()) {
  const d = new Date(now.getTime() - 100 * 86_400_000);
  d.setUTCFullYear(d.getUTCFullYear() - years);
  return d.toISOString().slice(0, 10);
}
