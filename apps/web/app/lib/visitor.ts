/** A visitor id kept in this browser (spec: client tracking values), sent as X-Visitor-ID with action logs. */
export function visitorId(): string {
  try {
    let id = localStorage.getItem('visitorId');
    if (!id) {
      id = crypto.randomUUID();
      localStorage.setItem('visitorId', id);
    }
    return id;
  } catch {
    return 'anonymous';
  }
}
