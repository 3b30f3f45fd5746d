// The device's IANA time zone, found off the main thread (decision 0115): the first Intl.DateTimeFormat a page
// builds loads the time-zone data, 100 ms of main thread on a slow phone.
let zone: string | null = null;
try {
  zone = Intl.DateTimeFormat().resolvedOptions().timeZone || null;
} catch {
  // none known: the server keeps its zone
}
// A worker's postMessage (the DOM types the project is checked with know only the window's).
(self as unknown as { postMessage(message: unknown): void }).postMessage(zone);
