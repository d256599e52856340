/** The remaining times (in minutes) a screen reader hears once each: "10 minutes left", then 5, then 1. */
export const ANNOUNCED_MINUTES = [10, 5, 1] as const;
export type AnnouncedMinutes = (typeof ANNOUNCED_MINUTES)[number];

/**
 * Says which mark the countdown has just passed, once per mark. A mark counts only when it is crossed
 * while the runner is open: a page opened (or reloaded) with 3 minutes left announces nothing until the
 * 1-minute mark. A re-sync that moves the remaining time back up never repeats a mark. When a sleeping tab
 * wakes past several marks, only the nearest (the most urgent) is said.
 */
export class TimeAnnouncer {
  private previous: number | null = null;
  private readonly said = new Set<number>();

  update(remainingMs: number): AnnouncedMinutes | null {
    const previous = this.previous;
    this.previous = remainingMs;
    if (previous === null || remainingMs <= 0) return null;
    let crossed: AnnouncedMinutes | null = null;
    for (const minutes of ANNOUNCED_MINUTES) {
      const mark = minutes * 60_000;
      if (previous > mark && remainingMs <= mark && !this.said.has(minutes)) {
        this.said.add(minutes);
        crossed = minutes;
      }
    }
    return crossed;
  }
}
