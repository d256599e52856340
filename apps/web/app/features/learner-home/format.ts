/** The share of questions right (0–100, whole). */
export const percentRight = (correct: number, total: number) =>
  total > 0 ? Math.round((correct / total) * 100) : 0;
