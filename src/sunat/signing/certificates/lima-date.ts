// Peru has no daylight saving time, but going through Intl keeps this right if that ever changes.
const formatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Lima',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** YYYY-MM-DD of the instant as a calendar day in Lima, the day users see on their documents. */
export function limaDate(instant: Date): string {
  return formatter.format(instant);
}
